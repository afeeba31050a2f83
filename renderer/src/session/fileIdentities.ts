import type { FileIdentity } from '../../../shared/ipc'
import type { EpochMs, LeaveDeskDb } from '../db'

/** A file's business name and country as last heard from payroll, kept for offline starts. */
export type KnownFile = Pick<FileIdentity, 'name' | 'country'>

/** "Harbour Cafe Pty Ltd (1001)", or "File 1001" while the name is not known. */
export function fileLabel(fileId: number, known: ReadonlyMap<number, KnownFile> | undefined): string {
  const name = known?.get(fileId)?.name?.trim()
  return name ? `${name} (${fileId})` : `File ${fileId}`
}

/**
 * Keeps what payroll said about each file, in the reference-data table beside the employees' "as of".
 * A file payroll answered without a name keeps the name cached earlier: a name is never lost to a
 * partial answer.
 */
export function cacheFileIdentities(db: LeaveDeskDb, identities: readonly FileIdentity[], asOf: EpochMs): Promise<void> {
  return db.transaction('rw', db.referenceMeta, async () => {
    for (const identity of identities) {
      const before = await db.referenceMeta.get([identity.id, 'fileIdentity'])
      await db.referenceMeta.put({
        fileId: identity.id,
        kind: 'fileIdentity',
        asOf,
        name: identity.name ?? before?.name ?? null,
        country: identity.country ?? before?.country ?? null
      })
    }
  })
}

export async function readKnownFiles(db: LeaveDeskDb): Promise<Map<number, KnownFile>> {
  const rows = await db.referenceMeta.filter((row) => row.kind === 'fileIdentity').toArray()
  return new Map(rows.map((row) => [row.fileId, { name: row.name ?? null, country: row.country ?? null }]))
}
