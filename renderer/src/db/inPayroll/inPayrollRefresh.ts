import type { LeaveRequestRecord } from '../../../../shared/leaveRequestSchema'
import { sameVersion } from '../../../../shared/leaveRequestSame'
import { contentChanges, type FieldChange } from '../../drafts/contentChanges'
import { contentOf, payrollCopyOf, payrollCopyOfRecord } from '../../drafts/payrollCopy'
import { compact, loadLiveDraft, moveDraft } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs, PayrollCopy } from '../records'
import { refuse, stillSending, succeed, type RepoResult } from '../repositoryResult'
import { notInPayroll } from './inPayrollEditing'

export interface RefreshResult {
  draft: DraftRecord
  /** What payroll changed since Leave Desk last read it (empty: "No changes in payroll since …"). */
  changes: FieldChange[]
}

const ANOTHER_REQUEST = 'Payroll answered with a different request than this one; nothing was changed.'

/**
 * "Refresh from payroll": payroll's record (just read by Id) applied to the local one.
 * - In payroll with nothing pending: content and payroll's copy become payroll's.
 * - A pending change, and payroll's version moved on since the change's base: 'conflict', with payroll's
 *   copy kept beside the clerk's (nothing is overwritten). Same version: only "read at" moves.
 * - A pending change whose PUT may have reached payroll (unconfirmedUpdate): left to the queue's check,
 *   which tells the clerk's own change from someone else's.
 */
export function applyRefresh(db: LeaveDeskDb, id: string, record: LeaveRequestRecord, now: EpochMs): Promise<RepoResult<RefreshResult>> {
  return db.transaction('rw', db.drafts, async (): Promise<RepoResult<RefreshResult>> => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    if (draft.serverId === undefined) return notInPayroll()
    if (draft.serverId !== record.Id) return refuse({ reason: 'not-in-payroll', message: ANOTHER_REQUEST })
    if (draft.status === 'sending') return stillSending()
    const read = payrollCopyOf(record, now)
    const base = payrollCopyOfRecord(draft)
    const changes = contentChanges(base?.content ?? contentOf(draft), read.content)
    const next = refreshed(draft, base, read)
    if (!next.ok) return next
    await db.drafts.put(next.value)
    return succeed({ draft: next.value, changes })
  })
}

function refreshed(draft: DraftRecord, base: PayrollCopy | null, read: PayrollCopy): RepoResult<DraftRecord> {
  if (draft.status === 'synced') {
    return succeed(compact({ ...draft, ...read.content, inPayroll: read, lastModifiedDateUtc: read.lastModifiedDateUtc }))
  }
  if (draft.status === 'conflict') {
    return succeed({ ...draft, payrollChanged: read })
  }
  const unchanged = base !== null && sameVersion(base.lastModifiedDateUtc, read.lastModifiedDateUtc)
  if (unchanged || draft.unconfirmedUpdate) {
    return succeed(base && unchanged ? { ...draft, inPayroll: { ...base, readAt: read.readAt } } : draft)
  }
  return moveDraft(draft, 'conflict', { payrollChanged: read, nextAttemptAt: undefined })
}
