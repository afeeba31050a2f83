/**
 * The shape of Electron's `safeStorage`, so the token store can be tested under Node with a real cipher
 * and run in the app with the OS keychain behind it (see safeStorageCipher.ts).
 */
export interface Cipher {
  isEncryptionAvailable(): boolean
  encryptString(text: string): Uint8Array
  decryptString(data: Uint8Array): string
  /**
   * Linux only: which password store backs the key (`getSelectedStorageBackend()`). `basic_text` means no
   * keyring: the key sits beside the data, so the encryption is only obfuscation.
   */
  backend?(): string
}

/** The Linux backend that protects nothing: persisting under it needs the clerk's explicit opt-in. */
export const UNPROTECTED_BACKEND = 'basic_text'
