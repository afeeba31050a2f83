import { Dexie } from 'dexie'
import { startingWith } from '../db/keyRanges'
import type { LeaveDeskDb } from '../db'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import type { LeaveStatus } from '../../../shared/leaveRequestSchema'
import { approvalsNamedBy, dateWords } from './draftSearch'
import { employeeNames, readEmployeeNames } from './employeeNames'

/** A draft of the file a search finds, with what the list and the status chips need to know of it. */
export interface SearchMatch {
  id: string
  status: DraftStatus
  deleted: boolean
}

/** Up to this many matches are read whole to learn their order and status; more, and the indexes order them. */
const READ_WHOLE_UP_TO = 2_000

/**
 * The file's drafts that match every search word (the rules of draftMatchesSearch), deleted ones included,
 * newest first, found from indexes alone: no draft is read to look inside it.
 *
 * Each word's drafts are the union of: the cached employees whose name contains it (their drafts by
 * [fileId+employeeId+seq]), the cached leave types likewise ([fileId+leaveTypePayItemId]), the approval
 * it names ([fileId+leaveStatus]: "pending"), the days whose
 * date words contain it ([fileId+startDate], [fileId+endDate]), and the notes words starting with it
 * (*words). The search's drafts are what every word's sets share.
 *
 * A search with a word that only names employees (the common one: "olivia", one person or 25) is read
 * from those employees' [fileId+employeeId+status+seq] index keys alone (employeesMatches). Anything
 * else is ordered by reading the matches whole when they are few, or from [fileId+seq] and
 * [fileId+status] when they are many.
 */
export async function searchMatches(
  db: LeaveDeskDb,
  fileId: number,
  words: readonly string[],
  options: { readWholeUpTo?: number } = {}
): Promise<SearchMatch[]> {
  const readWholeUpTo = options.readWholeUpTo ?? READ_WHOLE_UP_TO
  const remembered = Dexie.currentTransaction ? undefined : await employeeNames(db, fileId)
  return db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => {
    const read = employeeDraftsReader(db)
    // Everything that does not depend on another read goes in one round trip to IndexedDB.
    const [employees, leaveTypes, deletedIds, indexed] = await Promise.all([
      remembered ?? readEmployeeNames(db, fileId),
      db.leaveTypes.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray(),
      db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).primaryKeys(),
      Promise.all(words.map((word) => Promise.all([db.drafts.where('words').startsWith(word).primaryKeys(), daysMatching(db, fileId, word)])))
    ])
    const perWord = await Promise.all(
      words.map((word, i) => {
        const [byNotes, days] = indexed[i] ?? [[], []]
        return wordSources(db, fileId, {
          employeeIds: employees.filter((employee) => employee.name.includes(word)).map((employee) => employee.id),
          leaveTypeIds: leaveTypes.filter((type) => type.name.toLocaleLowerCase().includes(word)).map((type) => type.id),
          days,
          byNotes,
          approvals: approvalsNamedBy(word)
        })
      })
    )
    const deleted = new Set(deletedIds)
    const byEmployees = perWord.find((sources) => sources.employeeIds.length > 0 && sources.otherIds.size === 0)
    if (byEmployees) return employeesMatches(byEmployees.employeeIds, perWord, byEmployees, deleted, (employeeId) => read(fileId, employeeId))
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
  approvals: LeaveStatus[]
}

async function wordSources(db: LeaveDeskDb, fileId: number, finds: WordFinds): Promise<WordSources> {
  const reads = await Promise.all([
    ...finds.leaveTypeIds.map((id) => db.drafts.where('[fileId+leaveTypePayItemId]').equals([fileId, id]).primaryKeys()),
    ...finds.approvals.map((approval) => db.drafts.where('[fileId+leaveStatus]').equals([fileId, approval]).primaryKeys()),
    ...finds.days.flatMap((day) => [
      db.drafts.where('[fileId+startDate]').equals([fileId, day]).primaryKeys(),
      db.drafts.where('[fileId+endDate]').equals([fileId, day]).primaryKeys()
    ])
  ])
  return { employeeIds: finds.employeeIds, otherIds: new Set([...finds.byNotes, ...reads.flat()]) }
}

const MONTH_NAMES = Array.from({ length: 12 }, (_, month) => dateWords(`2000-${String(month + 1).padStart(2, '0')}-01`)).join(' ')

/** Whether a search word can be part of a date's words: digits with dashes or slashes, or part of a month's name. */
export function couldBeDateWord(word: string): boolean {
  return /^[\d/-]+$/.test(word) || (/^\p{L}+$/u.test(word) && MONTH_NAMES.includes(word))
}

/**
 * The days of the file's drafts whose date words contain `word`. Date words are digits and dashes, or a
 * month's name, so any other word skips the index entirely; otherwise the file's distinct start and end
 * days are read (a few thousand at most over years) and each is tested.
 */
async function daysMatching(db: LeaveDeskDb, fileId: number, word: string): Promise<string[]> {
  if (!couldBeDateWord(word)) return []
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

/** A draft as an employee's [fileId+employeeId+status+seq] index entry tells it. */
interface EmployeeDraft {
  id: string
  status: DraftStatus
  seq: number
}

type EmployeeDraftsRead = (fileId: number, employeeId: number) => Promise<EmployeeDraft[]>

/**
 * The drafts of the employees a name search found, newest first, kept when
 * every other word finds them too. Each employee's [fileId+employeeId+status+seq] entries give the
 * draft's status and creation number with its id, so the employees' drafts are merged by creation
 * number without the file's other drafts (the whole file's [fileId+seq] keys are 100,000 at a clerk's
 * years; "Olivia" is 25 people and 2,500 drafts).
 */
async function employeesMatches(
  employeeIds: readonly number[],
  perWord: readonly WordSources[],
  byEmployees: WordSources,
  deleted: ReadonlySet<string>,
  read: (employeeId: number) => Promise<EmployeeDraft[]>
): Promise<SearchMatch[]> {
  const others = perWord.filter((sources) => sources !== byEmployees)
  const perEmployee = await Promise.all(
    employeeIds.map(async (employeeId) => {
      const drafts = await read(employeeId)
      const alsoFound = others.filter((sources) => !sources.employeeIds.includes(employeeId))
      return alsoFound.length === 0 ? drafts : drafts.filter((draft) => alsoFound.every((sources) => sources.otherIds.has(draft.id)))
    })
  )
  const found = perEmployee.flat()
  found.sort((a, b) => b.seq - a.seq)
  return found.map((draft) => ({ id: draft.id, status: draft.status, deleted: deleted.has(draft.id) }))
}

/** IDBIndex.getAllRecords (Chromium 141, fake-indexeddb 6; not yet in TypeScript's DOM types). */
interface IndexWithRecords {
  getAllRecords?: (options: { query: IDBKeyRange }) => IDBRequest<{ key: IDBValidKey; primaryKey: IDBValidKey }[]>
}

const EMPLOYEE_STATUS_SEQ = '[fileId+employeeId+status+seq]'

/**
 * How employeesMatches reads one employee's drafts, in the current transaction. Measured in Chromium at
 * 100,000 drafts ("Olivia", 25 people, load 10-13): a key cursor per person 700-1,150 ms (each step a
 * round trip, and parallel cursors defeat Chromium's prefetch), the drafts whole through Dexie 190 ms,
 * getAllRecords 70-100 ms (index keys with the values, in one request per person, and none of Dexie's
 * per-record work). getAllRecords is raw IndexedDB, which a Dexie live query neither sees nor waits for,
 * so no live query reads a search (the status chips share the list's read: sharedSearch.ts); where the
 * browser has no getAllRecords, the drafts are read whole through Dexie.
 */
function employeeDraftsReader(db: LeaveDeskDb): EmployeeDraftsRead {
  const index = Dexie.currentTransaction?.idbtrans?.objectStore('drafts').index(EMPLOYEE_STATUS_SEQ) as (IDBIndex & IndexWithRecords) | undefined
  const KeyRange = db._options.IDBKeyRange ?? globalThis.IDBKeyRange
  return async (fileId, employeeId) => {
    if (!index?.getAllRecords || !KeyRange) {
      const drafts = await db.drafts.where(EMPLOYEE_STATUS_SEQ).between(...startingWith(fileId, employeeId), true, true).toArray()
      return drafts.map((draft) => ({ id: draft.id, status: draft.status, seq: draft.seq }))
    }
    const records = await requested(index.getAllRecords({ query: KeyRange.bound(...startingWith(fileId, employeeId)) }))
    return records.map(({ key, primaryKey }) => {
      const [, , status, seq] = key as [number, number, DraftStatus, number]
      return { id: primaryKey as string, status, seq }
    })
  }
}

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
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
