import type { LeaveRequestRecord } from '../../../../shared/leaveRequestSchema'
import { holdingPayrollsCopy, payrollCopyOf } from '../../drafts/payrollCopy'
import { moveDraft, nextSeq } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import { refuse, succeed, type RepoResult } from '../repositoryResult'
import { loadLiveDraft } from '../draftStore'
import { writeSyncRecord } from '../syncHistory'

/**
 * Requests Leave Desk did not put in payroll (payroll's own screens, employee self-service): the API
 * cannot list them, but reads one by its number. "Open payroll request #…" keeps it as one record in
 * payroll, like any request the queue sent; "Mark as sent" with a number links an uncertain request to it.
 */

export interface OpenedFromPayroll {
  draft: DraftRecord
  /** Leave Desk already had it: nothing was written. */
  alreadyHere: boolean
}

/** The request payroll holds under this number, if this file has it (found through its employee and first day). */
async function recordOfPayrollId(db: LeaveDeskDb, fileId: number, record: LeaveRequestRecord): Promise<DraftRecord | undefined> {
  const copy = payrollCopyOf(record, 0).content
  const sameStart = await db.drafts.where('[fileId+employeeId+startDate]').equals([fileId, record.EmployeeId, copy.startDate]).toArray()
  const found = sameStart.find((draft) => draft.serverId === record.Id && draft.deletedAt === undefined)
  if (found) return found
  // It may have moved since Leave Desk last read it: the file's records in payroll for this employee.
  const employees = await db.drafts.where('[fileId+employeeId+seq]').between([fileId, record.EmployeeId, 0], [fileId, record.EmployeeId, Infinity]).toArray()
  return employees.find((draft) => draft.serverId === record.Id && draft.deletedAt === undefined)
}

/**
 * Payroll's record, just read by its number, kept as a request in payroll (status synced, payroll's copy
 * as read) so it can be approved, rejected, edited and seen in the calendar and the checks. A request
 * Leave Desk already has is opened as it is (its pending change, if any, stays).
 */
export function openFromPayroll(db: LeaveDeskDb, deps: RepositoryDeps, fileId: number, record: LeaveRequestRecord): Promise<RepoResult<OpenedFromPayroll>> {
  return db.transaction('rw', [db.drafts, db.counters, db.attempts, db.syncHistory, db.employees, db.leaveTypes], async () => {
    const existing = await recordOfPayrollId(db, fileId, record)
    if (existing) return succeed({ draft: existing, alreadyHere: true })
    const now = deps.now()
    const copy = payrollCopyOf(record, now)
    const draft: DraftRecord = {
      ...copy.content,
      id: deps.newId(),
      fileId,
      seq: await nextSeq(db),
      status: 'synced',
      attempts: 0,
      serverId: record.Id,
      lastModifiedDateUtc: record.LastModifiedDateUtc,
      inPayroll: copy,
      createdAt: now,
      updatedAt: now,
      syncedAt: now
    }
    await db.drafts.add(draft)
    await db.attempts.add({ draftId: draft.id, at: now, outcome: 'opened', message: `Opened from payroll as request #${record.Id}.` })
    await writeSyncRecord(db, draft, { serverId: record.Id, lastModifiedDateUtc: record.LastModifiedDateUtc }, now, false)
    return succeed({ draft, alreadyHere: false })
  })
}

/** The fields that must agree before an uncertain request is taken to be payroll's request #n. */
export function differencesFromPayroll(draft: DraftRecord, record: LeaveRequestRecord): string[] {
  const theirs = payrollCopyOf(record, 0).content
  const differences: string[] = []
  if (draft.employeeId !== theirs.employeeId) differences.push('the employee')
  if (draft.leaveTypePayItemId !== theirs.leaveTypePayItemId) differences.push('the leave type')
  if (draft.startDate !== theirs.startDate) differences.push('the first day')
  if (draft.endDate !== theirs.endDate) differences.push('the last day')
  return differences
}

function inWords(differences: readonly string[]): string {
  return differences.length === 1 ? differences[0]! : `${differences.slice(0, -1).join(', ')} and ${differences.at(-1)}`
}

/**
 * The Uncertain insert payroll's record (just read by its number) may be: same employee, leave type and
 * dates, never linked to a number. "Open payroll request #…" offers to link them instead of keeping a
 * second request. None when Leave Desk already has this number.
 */
export async function uncertainLike(db: LeaveDeskDb, fileId: number, record: LeaveRequestRecord): Promise<DraftRecord | undefined> {
  return db.transaction('r', db.drafts, async () => {
    if (await recordOfPayrollId(db, fileId, record)) return undefined
    const sameStart = await db.drafts.where('[fileId+employeeId+startDate]').equals([fileId, record.EmployeeId, payrollCopyOf(record, 0).content.startDate]).toArray()
    return sameStart.find(
      (draft) => draft.status === 'uncertain' && draft.serverId === undefined && draft.deletedAt === undefined && differencesFromPayroll(draft, record).length === 0
    )
  })
}

/**
 * "Mark as sent" with the number the clerk found in payroll: payroll's record under that number (just
 * read) is this request only when employee, leave type and dates agree; then the uncertain request
 * becomes that request in payroll (the transitions table's markSent), with payroll's copy as read.
 * Otherwise nothing is written and the clerk is told what differs.
 */
export function linkUncertain(db: LeaveDeskDb, deps: RepositoryDeps, id: string, record: LeaveRequestRecord): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', [db.drafts, db.attempts, db.syncHistory, db.employees, db.leaveTypes], async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    const differences = differencesFromPayroll(draft, record)
    if (differences.length > 0) {
      return refuse({
        reason: 'not-in-payroll',
        message: `Payroll’s request #${record.Id} is not this one: ${inWords(differences)} ${differences.length === 1 ? 'is' : 'are'} different. Nothing was changed. Check the number in payroll.`
      })
    }
    const other = await recordOfPayrollId(db, draft.fileId, record)
    if (other && other.id !== id) {
      return refuse({ reason: 'not-in-payroll', message: `Request #${record.Id} is already another request in Leave Desk. Nothing was changed. Check the number in payroll.` })
    }
    const now = deps.now()
    const copy = payrollCopyOf(record, now)
    // The request now holds what payroll holds: a manager may have approved it or changed its days since.
    const moved = moveDraft(draft, 'markSent', { ...holdingPayrollsCopy(copy, now), serverId: record.Id, syncedAt: now })
    if (!moved.ok) return moved
    await db.drafts.put(moved.value)
    await db.attempts.add({ draftId: id, at: now, outcome: 'linked', message: `You found it in payroll as request #${record.Id}; linked to it.` })
    await writeSyncRecord(db, moved.value, { serverId: record.Id, lastModifiedDateUtc: record.LastModifiedDateUtc }, now, true)
    return moved
  })
}
