import { safeStorage } from 'electron'
import { type Cipher } from './cipher'

/** The part of Electron's `safeStorage` used here; the async members are missing on Electron < 45. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(text: string): Buffer
  decryptString(data: Buffer): string
  getSelectedStorageBackend?(): string
  isAsyncEncryptionAvailable?(): Promise<boolean>
  encryptStringAsync?(text: string): Promise<Buffer>
  decryptStringAsync?(data: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
}

/**
 * The app's Cipher: Electron's safeStorage, through its async API (the sync one is deprecated in
 * Electron 45 and removed in 46), falling back to the sync one where the async API is absent. Call after
 * the app's `ready` event: availability is learned once here (the async check waits for the OS key to be
 * initialised), so the token store can ask it synchronously afterwards.
 */
export async function prepareSafeStorageCipher(storage: SafeStorageLike = safeStorage, platform: NodeJS.Platform = process.platform): Promise<Cipher> {
  const hasAsync = typeof storage.isAsyncEncryptionAvailable === 'function'
  let available: boolean
  try {
    available = hasAsync ? await storage.isAsyncEncryptionAvailable!() : storage.isEncryptionAvailable()
  } catch {
    available = false
  }
  return {
    isEncryptionAvailable: () => available,
    encryptString: async (text) =>
      storage.encryptStringAsync ? await storage.encryptStringAsync(text) : storage.encryptString(text),
    async decryptString(data) {
      const bytes = Buffer.from(data)
      if (!storage.decryptStringAsync) return { text: storage.decryptString(bytes), shouldReEncrypt: false }
      const { result, shouldReEncrypt } = await storage.decryptStringAsync(bytes)
      return { text: result, shouldReEncrypt }
    },
    backend: () => (platform === 'linux' ? (storage.getSelectedStorageBackend?.() ?? 'unknown') : 'os-keychain')
  }
}
