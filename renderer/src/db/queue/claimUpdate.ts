import type { FieldIssue } from '../../../../shared/apiSchemas'
import type { LeaveRequestInsert, LeaveRequestUpdate } from '../../../../shared/leaveRequestSchema'
import { err, ok, type Result } from '../../../../shared/result'
import { payrollCopyOfRecord } from '../../drafts/payrollCopy'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, UnconfirmedUpdate } from '../records'

/**
 * How a claimed change to a request in payroll goes. 'put': the body carries the version the change is
 * based on, so payroll applies it at most once. 'check': an earlier PUT of this change may have reached
 * payroll (its answer was lost, or the app closed): read payroll first and decide from what it holds;
 * `body` is what to PUT if that is still needed (the draft as it is now).
 */
export type UpdateSend =
  | { kind: 'put'; draft: DraftRecord; serverId: number; body: LeaveRequestUpdate }
  | { kind: 'check'; draft: DraftRecord; serverId: number; sent: LeaveRequestUpdate; body: LeaveRequestUpdate }

const READ_IT_FIRST: FieldIssue = {
  field: 'status',
  message: 'Leave Desk does not know which version of this request payroll holds. Choose “Refresh from payroll”, then queue the change again.'
}

/**
 * The claim of a pending change (`draft` before the claim, `claimed` after it): the update's body, built
 * by the same checked builder as an insert plus the version read. A PUT is written on the claimed draft
 * as unconfirmed before it leaves, so an app that dies mid-request recovers it to a check, never to
 * "uncertain".
 */
export function updateSendOf(
  draft: DraftRecord & { serverId: number },
  claimed: DraftRecord,
  build: (draft: DraftRecord) => Result<LeaveRequestInsert, FieldIssue[]>
): Result<UpdateSend, FieldIssue[]> {
  const base = payrollCopyOfRecord(draft)
  if (!base) return err([READ_IT_FIRST])
  const built = build(draft)
  if (!built.ok) return err(built.error)
  const body: LeaveRequestUpdate = { ...built.value, LastModifiedDateUtc: base.lastModifiedDateUtc }
  if (draft.unconfirmedUpdate) return ok({ kind: 'check', draft: claimed, serverId: draft.serverId, sent: draft.unconfirmedUpdate.body, body })
  const leaving: DraftRecord = { ...claimed, unconfirmedUpdate: { body, attempt: claimed.attempts } }
  return ok({ kind: 'put', draft: leaving, serverId: draft.serverId, body })
}

/**
 * A check found the PUT must (still) be sent: it is written as unconfirmed, on the claims' connection,
 * before it leaves, so a crash during it recovers to a check of this body. False when the draft is no
 * longer being sent by this attempt (nothing is written, and nothing must be sent).
 */
export function markUpdateLeaving(db: LeaveDeskDb, id: string, update: UnconfirmedUpdate): Promise<boolean> {
  return db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(id)
    if (!draft || draft.deletedAt !== undefined || draft.status !== 'sending' || draft.attempts !== update.attempt) return false
    await db.drafts.put({ ...draft, unconfirmedUpdate: update })
    return true
  })
}
