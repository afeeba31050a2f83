import type { Persistence } from '../../shared/ipc/sessionStatus'
import { type StoredSession } from './storedSession'

export type { StoredSession } from './storedSession'
export { createEncryptedFileTokenStore, type EncryptedFileTokenStoreOptions } from './encryptedFileTokenStore'

/**
 * Where the session's secrets live between runs (the contract's type):
 * - `encrypted`: saved encrypted with the OS keychain.
 * - `this-run-only`: never written (no encryption available, or a store that never persists).
 * - `needs-opt-in`: Linux without a keyring; written only once the clerk accepts the weaker protection.
 */
export type { Persistence } from '../../shared/ipc/sessionStatus'

export interface TokenStore {
  /** The saved session, or null when there is none or it cannot be read (never throws). */
  load(): Promise<StoredSession | null>
  /** Saves the session when persistence() is `encrypted`; otherwise removes any earlier copy. */
  save(session: StoredSession): Promise<void>
  clear(): Promise<void>
  persistence(): Persistence
}

/** A store that keeps nothing on disk: the session lasts for this run only. */
export function createMemoryTokenStore(): TokenStore {
  let saved: StoredSession | null = null
  return {
    load: async () => saved,
    save: async (session) => {
      saved = session
    },
    clear: async () => {
      saved = null
    },
    persistence: () => 'this-run-only'
  }
}
