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
 * The first screenful of what listDraftIds gives, cheaply, so the list can paint before all ten thousand
 * ids are read: the newest `scan` drafts of the file (one short index range, read whole) and, of them,
 * the ones the list shows, newest first. Always a true prefix of listDraftIds' answer, because every
 * draft newer than the last one scanned was looked at; may be empty when few of the newest match.
 */
export function listFirstDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery, scan = 60): Promise<string[]> {
  return db.transaction('r', db.drafts, db.employees, async () => {
    const [newest, employeeIds] = await Promise.all([
      db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).reverse().limit(scan).toArray(),
      employeeIdsNamed(db, fileId, query.search)
    ])
    const shown = new Set<string>(query.statuses)
    return newest
      .filter(
        (draft) =>
          draft.deletedAt === undefined &&
          shown.has(draft.status) &&
          (employeeIds === null || (draft.employeeId !== undefined && employeeIds.has(draft.employeeId)))
      )
      .map((draft) => draft.id)
  })
}

async function employeeIdsNamed(db: LeaveDeskDb, fileId: number, search: string): Promise<Set<number> | null> {
  const needle = search.trim().toLocaleLowerCase()
  if (needle === '') return null
  const employees = await db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  return new Set(employees.filter((employee) => employee.displayName.toLocaleLowerCase().includes(needle)).map((e) => e.id))
}

/**
 * Whether any of the drafts just written changes what listDraftIds gives: one that is now shown and
 * was not (`wasShown` is the list as last read), or was shown and is no longer (deleted, its status or
 * employee changed, gone). Reads only those drafts. The list is in creation order, which no write
 * changes, so a shown draft that is still shown keeps its place.
 */
export function draftIdsAffectingList(
  db: LeaveDeskDb,
  fileId: number,
  query: DraftIdsQuery,
  written: readonly string[],
  wasShown: (id: string) => boolean
): Promise<boolean> {
  return db.transaction('r', db.drafts, db.employees, async () => {
    const [drafts, employeeIds] = await Promise.all([db.drafts.bulkGet([...written]), employeeIdsNamed(db, fileId, query.search)])
    const statuses = new Set<string>(query.statuses)
    return written.some((id, i) => {
      const draft = drafts[i]
      const shown =
        draft !== undefined &&
        draft.fileId === fileId &&
        draft.deletedAt === undefined &&
        statuses.has(draft.status) &&
        (employeeIds === null || (draft.employeeId !== undefined && employeeIds.has(draft.employeeId)))
      return shown !== wasShown(id)
    })
  })
}
