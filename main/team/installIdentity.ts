import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { writeFileAtomically } from '../auth/atomicFileWrite'

/**
 * This install's id in the team ledger (`request:<installId>:<draftId>`): made once, kept in the
 * user-data folder, never changed, so a colleague's view of "who sent this" stays one computer.
 */
export async function readInstallId(filePath: string): Promise<string> {
  try {
    const stored = (await readFile(filePath, 'utf8')).trim()
    if (/^[a-z0-9-]{8,64}$/.test(stored)) return stored
  } catch {
    // First start: made below.
  }
  const made = randomUUID()
  await writeFileAtomically(filePath, Buffer.from(`${made}\n`))
  return made
}
