import type { ApiError } from '../../../shared/apiError'
import { checkLeaveRequest } from '../../../shared/leaveRules'
import type { DraftRecord, DraftsRepository, EpochMs, SendOutcome } from '../db'
import { checkDraft } from '../drafts/checkDraft'
import { draftToLeaveRequest } from '../drafts/draftToLeaveRequest'
import { classifyForQueue, errorForDraft } from './classifyForQueue'
import { nextRetryAt } from './retryBackoff'
import type { SyncApi } from './syncTypes'

/** One queued draft's trip to payroll: re-check, claim, post, and record what happened. */

export interface SendDeps {
  repo: DraftsRepository
  api: Pick<SyncApi, 'insertLeaveRequest'>
  now: () => EpochMs
  random: () => number
  offsetMinutesOf: (date: string) => number
}

/**
 * - skipped: nothing was sent (no longer queued, deleted, not due, or held behind an earlier request).
 * - retry: back in the queue until `nextAttemptAt`; `stopsBatch` when payroll could not be reached.
 * - paused: back in the queue, not counted; nothing more may be sent until `reason` clears.
 */
export type SendResult =
  | { kind: 'skipped' }
  | { kind: 'synced' }
  | { kind: 'needs-attention' }
  | { kind: 'uncertain' }
  | { kind: 'retry'; nextAttemptAt: EpochMs; stopsBatch: boolean }
  | { kind: 'paused'; reason: 'signed-out' | 'quota'; message: string }

type InsertAnswer = Awaited<ReturnType<SyncApi['insertLeaveRequest']>>

export const NO_LONGER_VALID_MESSAGE = 'This request no longer passes the checks, so it was not sent. Fix the fields shown and queue it again.'

export const NO_ANSWER_MESSAGE =
  'Leave Desk lost track of this request while sending it, so it may or may not have reached payroll.'

export async function sendOneDraft(deps: SendDeps, draftId: string): Promise<SendResult> {
  const { repo } = deps
  const current = await repo.getDraft(draftId)
  if (!current || !isSendableNow(current, deps.now()) || (await repo.isWaitingBehindEarlier(current))) return { kind: 'skipped' }

  // The rules may have changed since the clerk queued it: an invalid request never leaves.
  const issues = checkDraft(current)
  if (issues.length > 0) {
    const error: ApiError = { code: 'validation', message: NO_LONGER_VALID_MESSAGE, fieldIssues: issues }
    const refused = await repo.recordSendOutcome(draftId, { kind: 'needs-attention', error })
    return refused.ok ? { kind: 'needs-attention' } : { kind: 'skipped' }
  }

  const claimed = await repo.claimForSending(draftId)
  if (!claimed.ok) return { kind: 'skipped' }
  const body = checkLeaveRequest(draftToLeaveRequest(claimed.value, deps.offsetMinutesOf))
  if (!body.ok) {
    const error: ApiError = { code: 'validation', message: NO_LONGER_VALID_MESSAGE, fieldIssues: body.issues }
    return recorded(repo, draftId, { kind: 'needs-attention', error }, { kind: 'needs-attention' })
  }

  const answer = await postWithoutThrowing(deps.api, claimed.value.fileId, body.value)
  return recordAnswer(deps, claimed.value, answer)
}

function isSendableNow(draft: DraftRecord, now: EpochMs): boolean {
  return draft.status === 'queued' && draft.deletedAt === undefined && (draft.nextAttemptAt ?? Number.POSITIVE_INFINITY) <= now
}

/** A call that throws (the bridge to main broke) happened after the claim: the request may have left. */
async function postWithoutThrowing(
  api: SendDeps['api'],
  fileId: number,
  body: Parameters<SyncApi['insertLeaveRequest']>[1]
): Promise<InsertAnswer> {
  try {
    return await api.insertLeaveRequest(fileId, body)
  } catch {
    return { ok: false, error: { code: 'unknown-outcome', message: NO_ANSWER_MESSAGE } }
  }
}

async function recordAnswer(deps: SendDeps, claimed: DraftRecord, answer: InsertAnswer): Promise<SendResult> {
  const { repo } = deps
  if (answer.ok) {
    const outcome: SendOutcome = { kind: 'synced', serverId: answer.data.Id }
    if (answer.data.LastModifiedDateUtc !== '') outcome.lastModifiedDateUtc = answer.data.LastModifiedDateUtc
    return recorded(repo, claimed.id, outcome, { kind: 'synced' })
  }
  const error = errorForDraft(answer.error)
  const decision = classifyForQueue(error)
  switch (decision.kind) {
    case 'retry': {
      const retryAt = nextRetryAt({ now: deps.now(), failures: claimed.attempts, retryAfterMs: error.retryAfterMs, random: deps.random })
      return recorded(
        repo,
        claimed.id,
        { kind: 'retry', error, nextAttemptAt: retryAt },
        { kind: 'retry', nextAttemptAt: retryAt, stopsBatch: decision.stopsBatch }
      )
    }
    case 'pause':
      return recorded(
        repo,
        claimed.id,
        { kind: 'retry', error, nextAttemptAt: deps.now(), countsAsAttempt: false },
        { kind: 'paused', reason: decision.reason, message: error.message }
      )
    case 'needs-attention':
      return recorded(repo, claimed.id, { kind: 'needs-attention', error }, { kind: 'needs-attention' })
    case 'uncertain':
      return recorded(repo, claimed.id, { kind: 'uncertain', error }, { kind: 'uncertain' })
  }
}

/**
 * Writes the outcome; `result` is what the batch learns. If the database refused the move, the draft
 * stays 'sending' and the next run's recovery makes it uncertain, which is the safe reading.
 */
async function recorded(repo: DraftsRepository, id: string, outcome: SendOutcome, result: SendResult): Promise<SendResult> {
  const written = await repo.recordSendOutcome(id, outcome)
  return written.ok ? result : { kind: 'uncertain' }
}
