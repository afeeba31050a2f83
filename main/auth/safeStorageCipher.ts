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
 * the app's `ready` event: availability is learned here (the async check waits for the OS key to be
 * initialised), so the token store can ask it synchronously afterwards. Start-up waits for that answer
 * at most `waitMs`: a keyring that is locked or whose D-Bus service hangs must not keep the window from
 * opening. Until it answers, encryption counts as unavailable (nothing is read, written or removed); a late
 * answer is taken when it comes.
 */
export const KEYRING_WAIT_MS = 3_000

export async function prepareSafeStorageCipher(
  storage: SafeStorageLike = safeStorage,
  platform: NodeJS.Platform = process.platform,
  waitMs = KEYRING_WAIT_MS
): Promise<Cipher> {
  const hasAsync = typeof storage.isAsyncEncryptionAvailable === 'function'
  let available = false
  const asked = Promise.resolve()
    .then(() => (hasAsync ? storage.isAsyncEncryptionAvailable!() : storage.isEncryptionAvailable()))
    .then(
      (answer) => void (available = answer),
      () => void (available = false)
    )
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([asked, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))])
  clearTimeout(timer)
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
