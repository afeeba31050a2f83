import { possiblyTwiceIds } from '../db/draftQueries'
import { startingWith } from '../db/keyRanges'
import type { CachedEmployee, CachedLeaveType, DraftRecord, LeaveDeskDb } from '../db'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { draftMatchesSearch, searchWords } from './draftSearch'
import { sharedSearchMatches } from './sharedSearch'
import { possiblyTwiceOpen, shelfOf, type DraftShelf } from '../db/draftSearchFields'
import { firstNameSearchDrafts } from './firstNameSearchDrafts'

/** Each named person's newest drafts read for a name search's first screenful (a screenful is ~10 rows). */
const PER_NAMED_EMPLOYEE = 20

export interface DraftIdsQuery {
  statuses: readonly DraftStatus[]
  /** Words found in the employee's name, the leave type, the notes or the dates (any case); blank means all. */
  search: string
}

/**
 * The ids of the drafts the list shows, newest first, read from the indexes alone. The list needs only
 * ids to lay out ten thousand rows; each visible row reads its own draft. Reading whole drafts here
 * instead (repo.listDrafts) costs one structured clone of every draft on every autosave, which is what
 * made typing stutter with 10,000 drafts. Same rules as listDrafts: live drafts, these statuses, and
 * (searchMatches) the search's every word found in the draft.
 */
export async function listDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): Promise<string[]> {
  const words = searchWords(query.search)
  if (words.length === 0) return listShownIds(db, fileId, query.statuses)
  const statuses = new Set<string>(query.statuses)
  const every = statuses.size === DRAFT_STATUSES.length
  const [matches, twice] = await Promise.all([sharedSearchMatches(db, fileId, words), showsPossiblyTwice(query.statuses) ? possiblyTwiceIds(db, fileId) : []])
  const flagged = new Set(twice)
  return matches.filter((match) => !match.deleted && (every || statuses.has(match.status) || flagged.has(match.id))).map((match) => match.id)
}

/**
 * Whether a list of these statuses shows the requests flagged "possibly in payroll twice" (the 'twice'
 * shelf): under Synced, where they are by status, and under Needs attention (and All open), where the
 * clerk acts on them.
 */
function showsPossiblyTwice(statuses: readonly DraftStatus[]): boolean {
  return statuses.includes('needs-attention') || statuses.includes('synced')
}

/**
 * The plain list: the shelves its statuses are on ([fileId+shelf+seq], in creation order), without the
 * deleted drafts and, when only some statuses of a shelf are shown, only those ([fileId+status]). The
 * default list (every open status) reads the open drafts' ids and nothing of the synced years.
 */
function listShownIds(db: LeaveDeskDb, fileId: number, statuses: readonly DraftStatus[]): Promise<string[]> {
  const shelves = [...new Set(statuses.map(shelfOf))]
  return db.transaction('r', db.drafts, async () => {
    const [deleted, twice, ...shelved] = await Promise.all([
      db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).primaryKeys(),
      showsPossiblyTwice(statuses) ? possiblyTwiceIds(db, fileId) : [],
      ...shelves.map((shelf) => shelfIds(db, fileId, shelf, statuses))
    ])
    // Merged in creation order only when there are flagged requests to show (rarely): otherwise one shelf.
    const onShelves = twice.length > 0 ? [...shelved, twice] : shelved
    const removed = new Set(deleted)
    const oldestFirst = onShelves.length === 1 ? (onShelves[0] ?? []) : await inCreationOrder(db, fileId, onShelves.flat())
    return oldestFirst.filter((id) => !removed.has(id)).reverse()
  })
}

/** The shelf's drafts of these statuses, oldest first. */
async function shelfIds(db: LeaveDeskDb, fileId: number, shelf: DraftShelf, statuses: readonly DraftStatus[]): Promise<string[]> {
  const wanted = statuses.filter((status) => shelfOf(status) === shelf)
  const onShelf = DRAFT_STATUSES.filter((status) => shelfOf(status) === shelf)
  const [oldestFirst, ofStatuses] = await Promise.all([
    db.drafts.where('[fileId+shelf+seq]').between(...startingWith(fileId, shelf), true, true).primaryKeys(),
    wanted.length === onShelf.length
      ? null
      : Promise.all(wanted.map((status) => db.drafts.where('[fileId+status]').equals([fileId, status]).primaryKeys()))
  ])
  if (ofStatuses === null) return oldestFirst
  const shown = new Set(ofStatuses.flat())
  return oldestFirst.filter((id) => shown.has(id))
}

/** Ids of several shelves put back in creation order (no screen asks for open and synced together). */
async function inCreationOrder(db: LeaveDeskDb, fileId: number, ids: readonly string[]): Promise<string[]> {
  const wanted = new Set(ids)
  const all = await db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).primaryKeys()
  return all.filter((id) => wanted.has(id))
}

/** Whether a draft is one the list shows for this query: live, of these statuses, matching the search. */
async function searchMatcher(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): Promise<(draft: DraftRecord) => boolean> {
  return (await searchMatcherWithNames(db, fileId, query)).matches
}

/** searchMatcher, with the names it read (none without a search). */
async function searchMatcherWithNames(
  db: LeaveDeskDb,
  fileId: number,
  query: DraftIdsQuery
): Promise<{ matches: (draft: DraftRecord) => boolean; names?: { employees: CachedEmployee[]; leaveTypes: CachedLeaveType[] } }> {
  const statuses = new Set<string>(query.statuses)
  const words = searchWords(query.search)
  const flaggedShown = showsPossiblyTwice(query.statuses)
  const live = (draft: DraftRecord) =>
    draft.fileId === fileId && draft.deletedAt === undefined && (statuses.has(draft.status) || (flaggedShown && possiblyTwiceOpen(draft)))
  if (words.length === 0) return { matches: live }
  const [employees, leaveTypes] = await Promise.all([
    db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray(),
    db.leaveTypes.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  ])
  const names = {
    employeesById: new Map(employees.map((employee) => [employee.id, employee])),
    leaveTypesById: new Map(leaveTypes.map((type) => [type.id, type]))
  }
  return { matches: (draft) => live(draft) && draftMatchesSearch(draft, words, names), names: { employees, leaveTypes } }
}

/**
 * The first screenful of what listDraftIds gives, cheaply, so the list can paint before all ten thousand
 * ids are read: the newest `scan` drafts (one short index range, read whole) and, of them, the ones the
 * list shows, newest first. Without a search, the range is the shelf the statuses are on (the open
 * drafts, not the synced years in between); otherwise the file. Always a true prefix of listDraftIds'
 * answer, because every draft of that range newer than the last one scanned was looked at; may be empty
 * when few of the newest match. The drafts come whole so the rows can paint them without reading again.
 * A search whose first word names only employees reads their newest drafts instead
 * (firstNameSearchDrafts): the file's newest 60 hold one or two of "Olivia"'s 25 people.
 */
export function listFirstDrafts(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery, scan = 60): Promise<DraftRecord[]> {
  const shelves = new Set(query.statuses.map(shelfOf))
  const [shelf] = shelves
  const onOneShelf = shelf !== undefined && shelves.size === 1 && searchWords(query.search).length === 0
  const range = onOneShelf
    ? db.drafts.where('[fileId+shelf+seq]').between(...startingWith(fileId, shelf), true, true)
    : db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true)
  const [firstWord] = searchWords(query.search)
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    const { matches, names } = await searchMatcherWithNames(db, fileId, query)
    const byName = names ? await firstNameSearchDrafts(db, fileId, firstWord, names, matches, PER_NAMED_EMPLOYEE) : undefined
    if (byName) return byName
    const scanned = await range.reverse().limit(scan).toArray()
    if (!onOneShelf || !showsPossiblyTwice(query.statuses)) return scanned.filter(matches)
    // The flagged requests (another shelf) newer than the last one scanned come in their place; all of
    // them when the shelf ran out first.
    const twice = await db.drafts.where('[fileId+shelf+seq]').between(...startingWith(fileId, 'twice'), true, true).toArray()
    const oldestScanned = scanned.length < scan ? Number.NEGATIVE_INFINITY : (scanned.at(-1)?.seq ?? Number.NEGATIVE_INFINITY)
    return [...scanned, ...twice.filter((draft) => draft.seq > oldestScanned)].sort((a, b) => b.seq - a.seq).filter(matches)
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
