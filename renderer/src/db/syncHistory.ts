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

/** The names the clerk knew a draft by (its employee and leave type), from the reference cache now. */
export interface SyncNames {
  employeeName: string
  leaveTypeName: string
}

type NamedBy = Pick<DraftRecord, 'fileId' | 'employeeId' | 'leaveTypePayItemId'>

/** Reads a draft's SyncNames. Inside a transaction that includes employees and leaveTypes. */
export async function readSyncNames(db: LeaveDeskDb, { fileId, employeeId, leaveTypePayItemId }: NamedBy): Promise<SyncNames> {
  const [employee, leaveType] = await Promise.all([
    employeeId === undefined ? undefined : db.employees.get([fileId, employeeId]),
    leaveTypePayItemId === undefined ? undefined : db.leaveTypes.get([fileId, leaveTypePayItemId])
  ])
  return {
    employeeName: employee?.displayName ?? `Employee #${employeeId ?? '?'}`,
    leaveTypeName: leaveType?.name ?? `Leave type #${leaveTypePayItemId ?? '?'}`
  }
}

/**
 * Records a synced draft with the names the clerk knew it by, copied from the reference cache so the
 * history still reads right after an employee leaves the file. Call inside a transaction that includes
 * syncHistory, employees and leaveTypes. `names`: read when the request was claimed (readSyncNames, in
 * the claim's transaction), so the record is written without another round trip; absent, read now.
 */
export async function writeSyncRecord(
  db: LeaveDeskDb,
  draft: DraftRecord,
  result: SyncedResult,
  syncedAt: EpochMs,
  markedByClerk: boolean,
  names?: SyncNames
): Promise<SyncHistoryRecord> {
  const { fileId, employeeId } = draft
  const record: SyncHistoryRecord = compact({
    draftId: draft.id,
    fileId,
    employeeId,
    syncedAt,
    markedByClerk,
    ...(names ?? (await readSyncNames(db, draft))),
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
