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

/**
 * Records a synced draft with the names the clerk knew it by, copied from the reference cache now so the
 * history still reads right after an employee leaves the file. Call inside a transaction that includes
 * syncHistory, employees and leaveTypes.
 */
export async function writeSyncRecord(db: LeaveDeskDb, draft: DraftRecord, result: SyncedResult, syncedAt: EpochMs, markedByClerk: boolean): Promise<SyncHistoryRecord> {
  const { fileId, employeeId, leaveTypePayItemId } = draft
  const [employee, leaveType] = await Promise.all([
    employeeId === undefined ? undefined : db.employees.get([fileId, employeeId]),
    leaveTypePayItemId === undefined ? undefined : db.leaveTypes.get([fileId, leaveTypePayItemId])
  ])
  const record: SyncHistoryRecord = compact({
    draftId: draft.id,
    fileId,
    employeeId,
    syncedAt,
    markedByClerk,
    employeeName: employee?.displayName ?? `Employee #${employeeId ?? '?'}`,
    leaveTypeName: leaveType?.name ?? `Leave type #${leaveTypePayItemId ?? '?'}`,
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

/** A file's sync history, most recent first. */
export async function listSyncHistory(db: LeaveDeskDb, fileId: number): Promise<SyncHistoryRecord[]> {
  const oldestFirst = await db.syncHistory.where('[fileId+syncedAt]').between(...startingWith(fileId), true, true).toArray()
  return [...oldestFirst].reverse()
}
