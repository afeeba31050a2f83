import { startingWith } from '../db/keyRanges'
import type { LeaveDeskDb } from '../db'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { dateWords } from './draftSearch'

/** A draft of the file a search finds, with what the list and the status chips need to know of it. */
export interface SearchMatch {
  id: string
  /** Always told, except by a one-employee search for a status the caller did not ask about (`statuses`). */
  status?: DraftStatus
  deleted: boolean
}

/** Up to this many matches are read whole to learn their order and status; more, and the indexes order them. */
const READ_WHOLE_UP_TO = 2_000

/**
 * The file's drafts that match every search word (the rules of draftMatchesSearch), deleted ones included,
 * newest first, found from indexes alone: no draft is read to look inside it.
 *
 * Each word's drafts are the union of: the cached employees whose name contains it (their drafts by
 * [fileId+employeeId+seq]), the cached leave types likewise ([fileId+leaveTypePayItemId]), the days whose
 * date words contain it ([fileId+startDate], [fileId+endDate]), and the notes words starting with it
 * (*words). The search's drafts are what every word's sets share.
 *
 * A search for one employee (the common one: "olivia") is read in order straight from that employee's
 * index, with statuses from [fileId+employeeId+status+seq]. Anything else is ordered by reading the
 * matches whole when they are few, or from [fileId+seq] and [fileId+status] when they are many.
 */
export function searchMatches(
  db: LeaveDeskDb,
  fileId: number,
  words: readonly string[],
  options: {
    readWholeUpTo?: number
    /** The statuses the caller will keep; matches of others may come without their status. */
    statuses?: readonly DraftStatus[]
  } = {}
): Promise<SearchMatch[]> {
  const readWholeUpTo = options.readWholeUpTo ?? READ_WHOLE_UP_TO
  // Without `statuses`, every match's status is told (the chips' counts); with them, only those are
  // asked about, and with all of them, none needs telling.
  const asked = options.statuses === undefined ? DRAFT_STATUSES : options.statuses
  const told = new Set(asked).size === DRAFT_STATUSES.length && options.statuses !== undefined ? [] : asked
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    // Everything that does not depend on another read goes in one round trip to IndexedDB.
    const [employees, leaveTypes, deletedIds, indexed] = await Promise.all([
      db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray(),
      db.leaveTypes.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray(),
      db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).primaryKeys(),
      Promise.all(words.map((word) => Promise.all([db.drafts.where('words').startsWith(word).primaryKeys(), daysMatching(db, fileId, word)])))
    ])
    const perWord = await Promise.all(
      words.map((word, i) => {
        const [byNotes, days] = indexed[i] ?? [[], []]
        return wordSources(db, fileId, {
          employeeIds: employees.filter((employee) => employee.displayName.toLocaleLowerCase().includes(word)).map((employee) => employee.id),
          leaveTypeIds: leaveTypes.filter((type) => type.name.toLocaleLowerCase().includes(word)).map((type) => type.id),
          days,
          byNotes
        })
      })
    )
    const deleted = new Set(deletedIds)
    const oneEmployee = perWord.find((sources) => sources.employeeIds.length === 1 && sources.otherIds.size === 0)
    if (oneEmployee) return oneEmployeeMatches(db, fileId, oneEmployee.employeeIds[0] as number, perWord, deleted, told)
    const found = intersection(await Promise.all(perWord.map((sources) => idsOf(db, fileId, sources))))
    return found.size <= readWholeUpTo ? orderByReading(db, fileId, found) : orderByIndexes(db, fileId, found, deleted)
  })
}

interface WordSources {
  employeeIds: number[]
  /** Drafts found by leave type, date or notes (notes: of any file; the ordering keeps this file's). */
  otherIds: Set<string>
}

/** What a word finds before the leave types' and days' drafts are read: ids of names and days, drafts by notes. */
interface WordFinds {
  employeeIds: number[]
  leaveTypeIds: number[]
  days: string[]
  byNotes: string[]
}

async function wordSources(db: LeaveDeskDb, fileId: number, finds: WordFinds): Promise<WordSources> {
  const reads = await Promise.all([
    ...finds.leaveTypeIds.map((id) => db.drafts.where('[fileId+leaveTypePayItemId]').equals([fileId, id]).primaryKeys()),
    ...finds.days.flatMap((day) => [
      db.drafts.where('[fileId+startDate]').equals([fileId, day]).primaryKeys(),
      db.drafts.where('[fileId+endDate]').equals([fileId, day]).primaryKeys()
    ])
  ])
  return { employeeIds: finds.employeeIds, otherIds: new Set([...finds.byNotes, ...reads.flat()]) }
}

const MONTH_NAMES = Array.from({ length: 12 }, (_, month) => dateWords(`2000-${String(month + 1).padStart(2, '0')}-01`)).join(' ')

/**
 * The days of the file's drafts whose date words contain `word`. Date words are digits and dashes, or a
 * month's name, so any other word skips the index entirely; otherwise the file's distinct start and end
 * days are read (a few thousand at most over years) and each is tested.
 */
async function daysMatching(db: LeaveDeskDb, fileId: number, word: string): Promise<string[]> {
  const couldBeDate = /^[\d-]+$/.test(word) || (/^\p{L}+$/u.test(word) && MONTH_NAMES.includes(word))
  if (!couldBeDate) return []
  const [starts, ends] = await Promise.all([
    db.drafts.where('[fileId+startDate]').between(...startingWith(fileId), true, true).uniqueKeys(),
    db.drafts.where('[fileId+endDate]').between(...startingWith(fileId), true, true).uniqueKeys()
  ])
  const days = new Set([...starts, ...ends].map((key) => (key as unknown as [number, string])[1]))
  return [...days].filter((day) => dateWords(day).includes(word))
}

async function idsOf(db: LeaveDeskDb, fileId: number, sources: WordSources): Promise<Set<string>> {
  const byEmployee = await Promise.all(sources.employeeIds.map((id) => employeeDraftIds(db, fileId, id)))
  return new Set([...sources.otherIds, ...byEmployee.flat()])
}

function employeeDraftIds(db: LeaveDeskDb, fileId: number, employeeId: number): Promise<string[]> {
  return db.drafts.where('[fileId+employeeId+seq]').between(...startingWith(fileId, employeeId), true, true).primaryKeys()
}

function intersection(sets: Set<string>[]): Set<string> {
  const [smallest, ...rest] = [...sets].sort((a, b) => a.size - b.size)
  if (!smallest) return new Set()
  return new Set([...smallest].filter((id) => rest.every((set) => set.has(id))))
}

/**
 * One employee's drafts in creation order, kept when every other word finds them too, each with its
 * status when it is one of `told` (the others' are left unread: a list of every status needs none).
 */
async function oneEmployeeMatches(
  db: LeaveDeskDb,
  fileId: number,
  employeeId: number,
  perWord: WordSources[],
  deleted: ReadonlySet<string>,
  told: readonly DraftStatus[]
): Promise<SearchMatch[]> {
  const [oldestFirst, byStatus, others] = await Promise.all([
    employeeDraftIds(db, fileId, employeeId),
    Promise.all(
      told.map((status) =>
        db.drafts.where('[fileId+employeeId+status+seq]').between(...startingWith(fileId, employeeId, status), true, true).primaryKeys()
      )
    ),
    Promise.all(perWord.filter((sources) => !sources.employeeIds.includes(employeeId)).map((sources) => idsOf(db, fileId, sources)))
  ])
  const statusOf = new Map<string, DraftStatus>()
  told.forEach((status, i) => {
    for (const id of byStatus[i] ?? []) statusOf.set(id, status)
  })
  const matches: SearchMatch[] = []
  for (let i = oldestFirst.length - 1; i >= 0; i -= 1) {
    const id = oldestFirst[i] as string
    if (!others.every((set) => set.has(id))) continue
    const status = statusOf.get(id)
    matches.push(status ? { id, status, deleted: deleted.has(id) } : { id, deleted: deleted.has(id) })
  }
  return matches
}

async function orderByReading(db: LeaveDeskDb, fileId: number, found: ReadonlySet<string>): Promise<SearchMatch[]> {
  const drafts = await db.drafts.bulkGet([...found])
  return drafts
    .filter((draft) => draft !== undefined && draft.fileId === fileId)
    .map((draft) => draft!)
    .sort((a, b) => b.seq - a.seq)
    .map((draft) => ({ id: draft.id, status: draft.status, deleted: draft.deletedAt !== undefined }))
}

async function orderByIndexes(db: LeaveDeskDb, fileId: number, found: ReadonlySet<string>, deleted: ReadonlySet<string>): Promise<SearchMatch[]> {
  const [oldestFirst, byStatus] = await Promise.all([
    db.drafts.where('[fileId+seq]').between(...startingWith(fileId), true, true).primaryKeys(),
    Promise.all(DRAFT_STATUSES.map((status) => db.drafts.where('[fileId+status]').equals([fileId, status]).primaryKeys()))
  ])
  const statusOf = new Map<string, DraftStatus>()
  DRAFT_STATUSES.forEach((status, i) => {
    for (const id of byStatus[i] ?? []) if (found.has(id)) statusOf.set(id, status)
  })
  const matches: SearchMatch[] = []
  for (let i = oldestFirst.length - 1; i >= 0; i -= 1) {
    const id = oldestFirst[i] as string
    const status = statusOf.get(id)
    if (status) matches.push({ id, status, deleted: deleted.has(id) })
  }
  return matches
}
