/**
 * The session and token store, for main/index.ts and main/api. The Electron cipher is imported from
 * ./safeStorageCipher separately so that nothing here pulls in Electron under Node.
 */
export { createSession, type Session, type SessionDeps, type SessionStatus } from './session'
export { type EndReason } from './sessionStatus'
export { createEncryptedFileTokenStore, createMemoryTokenStore, type Persistence, type StoredSession, type TokenStore } from './tokenStore'
export { type Cipher } from './cipher'
export { type AuthProvider, type RequestAuth } from './requestAuth'
