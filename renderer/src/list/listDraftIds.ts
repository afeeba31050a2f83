import { startingWith } from '../db/keyRanges'
import type { LeaveDeskDb } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'

export interface DraftIdsQuery {
  statuses: readonly DraftStatus[]
  /** Part of the employee's name (any case); blank means everyone. */
  search: string
}

/**
 * The ids of the drafts the list shows, newest first, read from the indexes alone. The list needs only
 * ids to lay out ten thousand rows; each visible row reads its own draft. Reading whole drafts here
 * instead (repo.listDrafts) costs one structured clone of every draft on every autosave, which is what
 * made typing stutter with 10,000 drafts. Same rules as listDrafts: live drafts, these statuses, and an
 * employee whose cached name contains the search text.
 */
export function listDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): Promise<string[]> {
  return db.transaction('r', db.drafts, db.employees, async () => {
    const [oldestFirst, deleted, byStatus, ofEmployees] = await Promise.all([
      db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).primaryKeys(),
      db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).primaryKeys(),
      Promise.all(query.statuses.map((status) => db.drafts.where('[fileId+status]').equals([fileId, status]).primaryKeys())),
      draftIdsOfEmployeesNamed(db, fileId, query.search)
    ])
    const removed = new Set(deleted)
    const shown = new Set(byStatus.flat())
    return oldestFirst
      .filter((id) => shown.has(id) && !removed.has(id) && (ofEmployees === null || ofEmployees.has(id)))
      .reverse()
  })
}

async function draftIdsOfEmployeesNamed(db: LeaveDeskDb, fileId: number, search: string): Promise<Set<string> | null> {
  const needle = search.trim().toLocaleLowerCase()
  if (needle === '') return null
  const employees = await db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  const matching = employees.filter((employee) => employee.displayName.toLocaleLowerCase().includes(needle))
  const ids = await Promise.all(
    matching.map((employee) =>
      db.drafts.where('[fileId+employeeId+seq]').between(...startingWith(fileId, employee.id), true, true).primaryKeys()
    )
  )
  return new Set(ids.flat())
}

/**
 * A cheap read for a live query to learn that the list may have changed: it covers every draft and
 * cached employee of the file as whole ranges, and returns no keys, so Dexie has none to track.
 */
export function draftsChangeSignal(db: LeaveDeskDb, fileId: number): Promise<number[]> {
  return Promise.all([
    db.drafts.where('[fileId+status]').between(...startingWith(fileId), true, true).count(),
    db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).count()
  ])
}
