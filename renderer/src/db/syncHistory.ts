import { totalHours } from '../drafts/totalHours'
import { compact } from './draftStore'
import { startingWith } from './keyRanges'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord, EpochMs, SyncHistoryRecord } from './records'

/** "Synced drafts move to a sync history; nothing is deleted." */

export interface SyncedResult {
  serverId?: number
  lastModifiedDateUtc?: string
}

/** The names a sync record keeps for the draft's employee and leave type, and whose names they are. */
export interface HistoryNames {
  of: Pick<DraftRecord, 'fileId' | 'employeeId' | 'leaveTypePayItemId'>
  employeeName: string
  leaveTypeName: string
}

/** The names the clerk knows the draft's employee and leave type by, from the reference cache. */
export async function readHistoryNames(db: LeaveDeskDb, draft: HistoryNames['of']): Promise<HistoryNames> {
  const { fileId, employeeId, leaveTypePayItemId } = draft
  const [employee, leaveType] = await Promise.all([
    employeeId === undefined ? undefined : db.employees.get([fileId, employeeId]),
    leaveTypePayItemId === undefined ? undefined : db.leaveTypes.get([fileId, leaveTypePayItemId])
  ])
  return {
    of: { fileId, employeeId, leaveTypePayItemId },
    employeeName: employee?.displayName ?? `Employee #${employeeId ?? '?'}`,
    leaveTypeName: leaveType?.name ?? `Leave type #${leaveTypePayItemId ?? '?'}`
  }
}

/**
 * readHistoryNames in a read-only transaction of its own, on the reference tables alone: read before
 * the transaction that writes the record, it keeps that one shorter and never holds up a draft's save.
 */
export function readHistoryNamesApart(db: LeaveDeskDb, draft: HistoryNames['of']): Promise<HistoryNames> {
  return db.transaction('r', db.employees, db.leaveTypes, () => readHistoryNames(db, draft))
}

/**
 * Records a synced draft with the names the clerk knew it by, copied from the reference cache now so the
 * history still reads right after an employee leaves the file. `readBefore`: names read just before the
 * transaction (readHistoryNamesApart), used when they are the draft's; otherwise they are read here. Call
 * inside a transaction that includes syncHistory, employees and leaveTypes.
 */
export async function writeSyncRecord(
  db: LeaveDeskDb,
  draft: DraftRecord,
  result: SyncedResult,
  syncedAt: EpochMs,
  markedByClerk: boolean,
  readBefore?: HistoryNames
): Promise<SyncHistoryRecord> {
  const { fileId, employeeId } = draft
  const names = readBefore && areNamesOf(readBefore, draft) ? readBefore : await readHistoryNames(db, draft)
  const record: SyncHistoryRecord = compact({
    draftId: draft.id,
    fileId,
    employeeId,
    syncedAt,
    markedByClerk,
    employeeName: names.employeeName,
    leaveTypeName: names.leaveTypeName,
    leaveStatus: draft.leaveStatus,
    startDate: draft.startDate,
    endDate: draft.endDate,
    totalHours: totalHours(draft),
    serverId: result.serverId,
    lastModifiedDateUtc: result.lastModifiedDateUtc
  })
  await db.syncHistory.put(record)
  return record
}

function areNamesOf(names: HistoryNames, draft: HistoryNames['of']): boolean {
  const { of } = names
  return of.fileId === draft.fileId && of.employeeId === draft.employeeId && of.leaveTypePayItemId === draft.leaveTypePayItemId
}

/** A file's sync history, most recent first. */
export async function listSyncHistory(db: LeaveDeskDb, fileId: number): Promise<SyncHistoryRecord[]> {
  const oldestFirst = await db.syncHistory.where('[fileId+syncedAt]').between(...startingWith(fileId), true, true).toArray()
  return [...oldestFirst].reverse()
}
