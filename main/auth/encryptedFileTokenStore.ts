import { readFile, rm } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomically } from './atomicFileWrite'
import { type Cipher, UNPROTECTED_BACKEND } from './cipher'
import { type StoredSession, storedSessionSchema } from './storedSession'
import { type Persistence, type TokenStore } from './tokenStore'

export interface EncryptedFileTokenStoreOptions {
  filePath: string
  cipher: Cipher
  /** The clerk accepted keeping the session on a Linux desktop without a keyring (`basic_text`). */
  allowBasicText: () => boolean
}

const fileContentSchema = z.object({ version: z.literal(1), session: storedSessionSchema })

/**
 * Keeps the session in one file, encrypted with the Cipher. Nothing is written unless the cipher really
 * protects it (or the clerk opted in to the keyring-less Linux backend). A file that decrypts but is not
 * a session this release understands (a corrupt write, an older format) counts as no session and is
 * removed, so start-up never fails on it. A file that cannot be decrypted right now is kept: the keyring
 * may be locked after a resume or its D-Bus service briefly away, and the next start reads it again (a
 * new sign-in replaces it). A file the cipher says was sealed with an old key is sealed
 * again as it is read. Operations run one at a time in call order, so a sign-out's
 * clear can never be overtaken by a refresh's save that started before it.
 */
export function createEncryptedFileTokenStore(options: EncryptedFileTokenStoreOptions): TokenStore {
  const { filePath, cipher, allowBasicText } = options
  const inOrder = serialQueue()

  function persistence(): Persistence {
    try {
      if (!cipher.isEncryptionAvailable()) return 'this-run-only'
      if (cipher.backend?.() === UNPROTECTED_BACKEND && !allowBasicText()) return 'needs-opt-in'
      return 'encrypted'
    } catch {
      return 'this-run-only'
    }
  }

  const removeFile = () => rm(filePath, { force: true })

  async function load(): Promise<StoredSession | null> {
    // Unavailable encryption (e.g. before the app is ready) is not corruption: leave the file alone.
    if (persistence() !== 'encrypted') return null
    let bytes: Uint8Array
    try {
      bytes = await readFile(filePath)
    } catch {
      return null
    }
    const decoded = await decode(bytes)
    if (decoded === 'undecryptable') return null
    if (decoded === null) {
      await removeFile().catch(() => undefined)
      return null
    }
    // Sealed with a key the OS has since replaced: seal it again now, so the old key can go.
    if (decoded.shouldReEncrypt) await save(decoded.session).catch(() => undefined)
    return decoded.session
  }

  async function decode(bytes: Uint8Array): Promise<{ session: StoredSession; shouldReEncrypt: boolean } | 'undecryptable' | null> {
    let decrypted: { text: string; shouldReEncrypt: boolean }
    try {
      decrypted = await cipher.decryptString(bytes)
    } catch {
      return 'undecryptable'
    }
    try {
      const parsed = fileContentSchema.safeParse(JSON.parse(decrypted.text))
      return parsed.success ? { session: parsed.data.session, shouldReEncrypt: decrypted.shouldReEncrypt } : null
    } catch {
      return null
    }
  }

  async function save(session: StoredSession): Promise<void> {
    // An earlier copy must not outlive the clerk's withdrawn consent or a session it no longer matches.
    if (persistence() !== 'encrypted') return removeFile()
    const content: z.input<typeof fileContentSchema> = { version: 1, session }
    await writeFileAtomically(filePath, await cipher.encryptString(JSON.stringify(content)))
  }

  return {
    load: () => inOrder(load),
    save: (session) => inOrder(() => save(session)),
    clear: () => inOrder(removeFile),
    persistence
  }
}

function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return (task) => {
    const run = tail.then(task)
    tail = run.catch(() => undefined)
    return run
  }
}
