import { safeStorage } from 'electron'
import { type Cipher } from './cipher'

/**
 * The app's Cipher: Electron's safeStorage. Only valid after the app's `ready` event (before it,
 * encryption reports unavailable and the token store keeps the session for this run only).
 */
export const safeStorageCipher: Cipher = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  encryptString: (text) => safeStorage.encryptString(text),
  decryptString: (data) => safeStorage.decryptString(Buffer.from(data)),
  backend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os-keychain')
}
