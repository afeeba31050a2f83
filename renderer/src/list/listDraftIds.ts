import { startingWith } from '../db/keyRanges'
import type { DraftRecord, LeaveDeskDb } from '../db'
import type { StatusCounts } from '../db/draftQueries'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { draftMatchesSearch, searchWords } from './draftSearch'

export interface DraftIdsQuery {
  statuses: readonly DraftStatus[]
  /** Words found in the employee's name, the leave type, the notes or the dates (any case); blank means all. */
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
  if (searchWords(query.search).length > 0) return listMatchingDraftIds(db, fileId, query)
  return db.transaction('r', db.drafts, async () => {
    const [oldestFirst, deleted, byStatus] = await Promise.all([
      db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).primaryKeys(),
      db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).primaryKeys(),
      Promise.all(query.statuses.map((status) => db.drafts.where('[fileId+status]').equals([fileId, status]).primaryKeys()))
    ])
    const removed = new Set(deleted)
    const shown = new Set(byStatus.flat())
    return oldestFirst.filter((id) => shown.has(id) && !removed.has(id)).reverse()
  })
}

/**
 * While searching, the words may be in the notes or the dates, which no index holds: the file's drafts
 * are read whole. Only while a search is typed in; the plain list stays key-only.
 */
function listMatchingDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): Promise<string[]> {
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    const [drafts, matches] = await Promise.all([
      db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).toArray(),
      searchMatcher(db, fileId, query)
    ])
    return drafts.filter(matches).map((draft) => draft.id).reverse()
  })
}

/**
 * The status filter's counts while a search is on: the drafts of each status, and the deleted ones,
 * that the search finds, so the numbers on the chips are what choosing one would show.
 */
export function countMatchingByStatus(db: LeaveDeskDb, fileId: number, search: string): Promise<{ counts: StatusCounts; deleted: number }> {
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    const [drafts, matches] = await Promise.all([
      db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).toArray(),
      searchMatcher(db, fileId, { statuses: DRAFT_STATUSES, search })
    ])
    const counts = Object.fromEntries(DRAFT_STATUSES.map((status) => [status, 0])) as StatusCounts
    let deleted = 0
    for (const draft of drafts) {
      if (matches(draft)) counts[draft.status] += 1
      else if (draft.deletedAt !== undefined && matches({ ...draft, deletedAt: undefined })) deleted += 1
    }
    return { counts, deleted }
  })
}

/** Whether a draft is one the list shows for this query: live, of these statuses, matching the search. */
async function searchMatcher(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): Promise<(draft: DraftRecord) => boolean> {
  const statuses = new Set<string>(query.statuses)
  const words = searchWords(query.search)
  const live = (draft: DraftRecord) => draft.fileId === fileId && draft.deletedAt === undefined && statuses.has(draft.status)
  if (words.length === 0) return live
  const [employees, leaveTypes] = await Promise.all([
    db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray(),
    db.leaveTypes.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  ])
  const names = {
    employeesById: new Map(employees.map((employee) => [employee.id, employee])),
    leaveTypesById: new Map(leaveTypes.map((type) => [type.id, type]))
  }
  return (draft) => live(draft) && draftMatchesSearch(draft, words, names)
}

/**
 * The first screenful of what listDraftIds gives, cheaply, so the list can paint before all ten thousand
 * ids are read: the newest `scan` drafts of the file (one short index range, read whole) and, of them,
 * the ones the list shows, newest first. Always a true prefix of listDraftIds' answer, because every
 * draft newer than the last one scanned was looked at; may be empty when few of the newest match.
 */
export function listFirstDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery, scan = 60): Promise<string[]> {
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    const [newest, matches] = await Promise.all([
      db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).reverse().limit(scan).toArray(),
      searchMatcher(db, fileId, query)
    ])
    return newest.filter(matches).map((draft) => draft.id)
  })
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
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    const [drafts, matches] = await Promise.all([db.drafts.bulkGet([...written]), searchMatcher(db, fileId, query)])
    return written.some((id, i) => {
      const draft = drafts[i]
      return (draft !== undefined && matches(draft)) !== wasShown(id)
    })
  })
}
