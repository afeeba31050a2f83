import { readFile, rm } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomically } from '../auth/atomicFileWrite'
import type { Cipher } from '../auth/cipher'
import { UNPROTECTED_BACKEND } from '../auth/cipher'

/**
 * The team server's address, user name, password and the database of each payroll file, in one file
 * sealed with the same Cipher as the payroll session (safeStorage in the app). The password is written
 * only when the cipher really protects it; otherwise (no keyring, no opt-in) it lasts for this run and
 * the clerk is told so. A file that does not decrypt or parse counts as no team server: the app works as
 * it does without one.
 */
export const storedTeamServerSchema = z.object({
  address: z.string(),
  userName: z.string(),
  password: z.string(),
  databases: z.record(z.string(), z.string())
})
export type StoredTeamServer = z.infer<typeof storedTeamServerSchema>

export interface TeamServerStore {
  current(): StoredTeamServer | null
  save(server: StoredTeamServer): Promise<void>
  forget(): Promise<void>
  /** Whether `save` reaches the disk (encrypted) or only this run's memory. */
  keptOnDisk(): boolean
}

export const TEAM_SERVER_FILE_NAME = 'team-server.bin'

export async function openTeamServerStore(options: {
  filePath: string
  cipher?: Cipher
  allowBasicText: () => boolean
  log?: (message: string) => void
}): Promise<TeamServerStore> {
  const { filePath, cipher } = options
  const keptOnDisk = () => {
    try {
      if (!cipher?.isEncryptionAvailable()) return false
      return cipher.backend?.() !== UNPROTECTED_BACKEND || options.allowBasicText()
    } catch {
      return false
    }
  }
  let server = keptOnDisk() && cipher ? await load(filePath, cipher, options.log ?? (() => {})) : null
  let tail: Promise<unknown> = Promise.resolve()
  const inOrder = (task: () => Promise<void>) => {
    const run = tail.then(task)
    tail = run.catch(() => undefined)
    return run
  }
  return {
    current: () => server,
    keptOnDisk,
    save(next) {
      server = next
      return inOrder(async () => {
        if (!keptOnDisk() || !cipher) return rm(filePath, { force: true })
        await writeFileAtomically(filePath, await cipher.encryptString(JSON.stringify({ version: 1, server: next })))
      })
    },
    forget() {
      server = null
      return inOrder(() => rm(filePath, { force: true }))
    }
  }
}

async function load(filePath: string, cipher: Cipher, log: (message: string) => void): Promise<StoredTeamServer | null> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(filePath)
  } catch {
    return null
  }
  try {
    const { text } = await cipher.decryptString(bytes)
    const parsed = z.object({ version: z.literal(1), server: storedTeamServerSchema }).safeParse(JSON.parse(text))
    if (parsed.success) return parsed.data.server
    log('The saved team server settings are not in a form this release reads; the team server is off.')
  } catch {
    // Locked keyring or a damaged file: the file stays (the keyring may answer next time); the team is off.
    log('The saved team server settings could not be read; the team server is off for this run.')
  }
  return null
}
