/**
 * The shape of Electron's `safeStorage` (its async API), so the token store can be tested under Node
 * with a real cipher and run in the app with the OS keychain behind it (see safeStorageCipher.ts).
 */
export interface Cipher {
  /** Synchronous on purpose: the app's cipher answers from what it learned once at start-up. */
  isEncryptionAvailable(): boolean
  encryptString(text: string): Promise<Uint8Array>
  /**
   * `shouldReEncrypt`: the data decrypted fine but was sealed with an older or weaker key (the OS rotated
   * it, or a better store became available); the caller seals it again so the old key can go.
   */
  decryptString(data: Uint8Array): Promise<{ text: string; shouldReEncrypt: boolean }>
  /**
   * Linux only: which password store backs the key (`getSelectedStorageBackend()`). `basic_text` means no
   * keyring: the key sits beside the data, so the encryption is only obfuscation.
   */
  backend?(): string
}

/** The Linux backend that protects nothing: persisting under it needs the clerk's explicit opt-in. */
export const UNPROTECTED_BACKEND = 'basic_text'
