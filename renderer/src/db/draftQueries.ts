import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import type { LeaveDeskDb } from './leaveDeskDb'
import { startingWith } from './keyRanges'
import type { AttemptRecord, DraftRecord } from './records'

/**
 * Reads for the drafts list, its filters and badges. None of them return deleted drafts unless asked.
 * Queries read whole key ranges (getAll) and filter in memory rather than using Dexie's cursor filters:
 * one round trip instead of one per record, which matters with thousands of drafts.
 */

/** What the drafts list shows by default: synced drafts have moved to the sync history. */
export const WORKING_STATUSES: readonly DraftStatus[] = DRAFT_STATUSES.filter((status) => status !== 'synced')

export interface ListDraftsOptions {
  /** One status or several; by default every status but 'synced'. */
  status?: DraftStatus | readonly DraftStatus[]
  /** Part of the employee's display name (any case); blank means no filter. */
  search?: string
  /** 'recent': last changed first (default); 'created': creation order. */
  order?: 'recent' | 'created'
}

export async function getDraft(db: LeaveDeskDb, id: string): Promise<DraftRecord | undefined> {
  const draft = await db.drafts.get(id)
  return draft?.deletedAt === undefined ? draft : undefined
}

export function listDrafts(db: LeaveDeskDb, fileId: number, options: ListDraftsOptions = {}): Promise<DraftRecord[]> {
  const statuses = new Set<DraftStatus>(
    options.status === undefined ? WORKING_STATUSES : typeof options.status === 'string' ? [options.status] : options.status
  )
  return db.transaction('r', db.drafts, db.employees, async () => {
    const employeeIds = await employeesMatching(db, fileId, options.search ?? '')
    const perStatus = await Promise.all(
      [...statuses].map((status) => db.drafts.where('[fileId+status]').equals([fileId, status]).toArray())
    )
    const drafts = perStatus
      .flat()
      .filter(
        (draft) =>
          draft.deletedAt === undefined &&
          (employeeIds === null || (draft.employeeId !== undefined && employeeIds.has(draft.employeeId)))
      )
    return drafts.sort(options.order === 'created' ? bySeq : byRecentChange)
  })
}

/** Deleted drafts of the file, most recently deleted first, for an "undo" list. */
export async function listDeletedDrafts(db: LeaveDeskDb, fileId: number): Promise<DraftRecord[]> {
  const oldestFirst = await db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).toArray()
  return [...oldestFirst].reverse()
}

/** How many drafts of the file are deleted (and can be restored): counted from the index alone. */
export function countDeletedDrafts(db: LeaveDeskDb, fileId: number): Promise<number> {
  return db.drafts.where('[fileId+deletedAt]').between(...startingWith(fileId), true, true).count()
}

export type StatusCounts = Record<DraftStatus, number>

/**
 * How many live drafts of the file are in each status (every status present, zero when none). Counted
 * from the index without reading the drafts; only the (few) deleted ones are read, to subtract them.
 */
export function countByStatus(db: LeaveDeskDb, fileId: number): Promise<StatusCounts> {
  return db.transaction('r', db.drafts, async () => {
    const totals = await Promise.all(
      DRAFT_STATUSES.map((status) => db.drafts.where('[fileId+status]').equals([fileId, status]).count())
    )
    const counts = Object.fromEntries(DRAFT_STATUSES.map((status, i) => [status, totals[i] ?? 0])) as StatusCounts
    for (const removed of await listDeletedDrafts(db, fileId)) counts[removed.status] -= 1
    return counts
  })
}

/**
 * How many requests in payroll of the file are flagged "possibly in payroll twice" and not rejected (the
 * 'twice' shelf, draftSearchFields.ts): the list shows them under Needs attention too, so its chip counts them.
 */
export function countPossiblyTwice(db: LeaveDeskDb, fileId: number): Promise<number> {
  return possiblyTwiceRange(db, fileId).count()
}

/** The file's requests flagged "possibly in payroll twice" and not rejected (the 'twice' shelf), newest last. */
export function possiblyTwiceIds(db: LeaveDeskDb, fileId: number): Promise<string[]> {
  return possiblyTwiceRange(db, fileId).primaryKeys()
}

function possiblyTwiceRange(db: LeaveDeskDb, fileId: number) {
  return db.drafts.where('[fileId+shelf+seq]').between(...startingWith(fileId, 'twice'), true, true)
}

/** One draft's attempts, oldest first. */
export function listAttempts(db: LeaveDeskDb, draftId: string): Promise<AttemptRecord[]> {
  return db.attempts
    .where('[draftId+at]')
    .between(...startingWith(draftId), true, true)
    .toArray()
}

/** Ids of the file's cached employees whose name contains `search`; null when there is nothing to match. */
async function employeesMatching(db: LeaveDeskDb, fileId: number, search: string): Promise<Set<number> | null> {
  const needle = search.trim().toLocaleLowerCase()
  if (needle === '') return null
  const employees = await db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  return new Set(
    employees.filter((employee) => employee.displayName.toLocaleLowerCase().includes(needle)).map((e) => e.id)
  )
}

function bySeq(a: DraftRecord, b: DraftRecord): number {
  return a.seq - b.seq
}

function byRecentChange(a: DraftRecord, b: DraftRecord): number {
  return b.updatedAt - a.updatedAt || b.seq - a.seq
}
