import { sameLeaveKey } from '../../../shared/team/teamClaimDoc'
import { checkDraft } from '../drafts/checkDraft'
import type { DraftContent } from '../drafts/draftContent'
import { queueChecked, type DraftCheck } from './draftQueueing'
import { changeDraft } from './draftStore'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord } from './records'
import type { RepositoryDeps } from './repositoryDeps'
import { refuse, type RepoResult } from './repositoryResult'

/**
 * "Send anyway" for a request a colleague's claim stopped (team ledger): queued again, and its claim
 * check skipped for this very leave. Should the clerk change the employee, leave type or dates, the
 * check applies again (`sendAnywayKey` no longer matches). "Discard" is the usual delete.
 */
export function sendAnyway(db: LeaveDeskDb, deps: RepositoryDeps, id: string, check: DraftCheck = checkDraft): Promise<RepoResult<DraftRecord>> {
  return changeDraft(db, id, (draft) => {
    const key = sameLeaveKeyOfDraft(draft)
    if (draft.status !== 'needs-attention' || !draft.colleagueClaim || key === undefined) {
      return refuse({ reason: 'illegal-transition', action: 'queue', from: draft.status, to: 'queued', message: NOT_STOPPED_BY_COLLEAGUE })
    }
    const queued = queueChecked('queue', draft, check, deps.now())
    return queued.ok ? { ok: true, value: { ...queued.value, sendAnywayKey: key } } : queued
  })
}

const NOT_STOPPED_BY_COLLEAGUE = 'Only a request stopped because a colleague sent the same leave can be sent anyway.'

/** The draft's same-leave key, once employee, leave type and both dates are chosen. */
export function sameLeaveKeyOfDraft(draft: DraftContent): string | undefined {
  const { employeeId, leaveTypePayItemId, startDate, endDate } = draft
  if (employeeId === undefined || leaveTypePayItemId === undefined || startDate === '' || endDate === '') return undefined
  return sameLeaveKey({ employeeId, leaveTypePayItemId, startDate, endDate })
}
