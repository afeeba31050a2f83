import { totalHours } from '../drafts/totalHours'
import { startingWith } from './keyRanges'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord, EpochMs, SyncHistoryRecord } from './records'

/** "Synced drafts move to a sync history; nothing is deleted." */

export interface SyncedResult {
  serverId?: number
  lastModifiedDateUtc?: string
}

/**
 * Records a synced draft with the names the clerk knew it by, copied from the reference cache now so the
 * history still reads right after an employee leaves the file. Call inside a transaction that includes
 * syncHistory, employees and leaveTypes.
 */
export async function writeSyncRecord(
  db: LeaveDeskDb,
  draft: DraftRecord,
  result: SyncedResult,
  syncedAt: EpochMs,
  markedByClerk: boolean
): Promise<SyncHistoryRecord> {
  const record = await syncRecordOf(db, draft, result, syncedAt, markedByClerk)
  await db.syncHistory.put(record)
  return record
}

async function syncRecordOf(
  db: LeaveDeskDb,
  draft: DraftRecord,
  result: SyncedResult,
  syncedAt: EpochMs,
  markedByClerk: boolean
): Promise<SyncHistoryRecord> {
  const [employee, leaveType] = await Promise.all([
    draft.employeeId === undefined ? undefined : db.employees.get([draft.fileId, draft.employeeId]),
    draft.leaveTypePayItemId === undefined ? undefined : db.leaveTypes.get([draft.fileId, draft.leaveTypePayItemId])
  ])
  const record: SyncHistoryRecord = {
    draftId: draft.id,
    fileId: draft.fileId,
    syncedAt,
    markedByClerk,
    employeeName: employee?.displayName ?? `Employee #${draft.employeeId ?? '?'}`,
    leaveTypeName: leaveType?.name ?? `Leave type #${draft.leaveTypePayItemId ?? '?'}`,
    leaveStatus: draft.leaveStatus,
    startDate: draft.startDate,
    endDate: draft.endDate,
    totalHours: totalHours(draft)
  }
  if (draft.employeeId !== undefined) record.employeeId = draft.employeeId
  if (result.serverId !== undefined) record.serverId = result.serverId
  if (result.lastModifiedDateUtc !== undefined) record.lastModifiedDateUtc = result.lastModifiedDateUtc
  return record
}

/** A file's sync history, most recent first. */
export async function listSyncHistory(db: LeaveDeskDb, fileId: number): Promise<SyncHistoryRecord[]> {
  const oldestFirst = await db.syncHistory.where('[fileId+syncedAt]').between(...startingWith(fileId), true, true).toArray()
  return [...oldestFirst].reverse()
}
