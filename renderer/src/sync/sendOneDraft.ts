import { sleep as pause } from '../../../shared/primitives'
import { backgroundTurn } from '../app/backgroundTurn'
import type { ApiError, ApiResult } from '../../../shared/apiError'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import { acceptedButUnrecordedMessage, type Acceptance, type ClaimOptions, type ClaimResult, type DraftRecord, type DraftsRepository, type EpochMs, type SendOutcome, type SyncNames } from '../db'
import { classifyForQueue, errorForDraft } from './classifyForQueue'
import { requestKeyOf } from './requestKeys'
import { nextRetryAt } from './retryBackoff'
import { sendUpdate } from './sendUpdate'
import { stoppedByColleague } from '../team/stoppedByColleague'
import type { TeamClaims } from '../team/teamClaims'
import type { SyncApi } from './syncTypes'

/** One queued draft's trip to payroll: re-check, claim, post, and record what happened. */

export interface SendDeps {
  repo: DraftsRepository
  api: Pick<SyncApi, 'insertLeaveRequest' | 'getLeaveRequest' | 'putLeaveRequest' | 'listWritesInFlight'>
  now: () => EpochMs
  random: () => number
  offsetMinutesOf: (date: string) => number
  /** Waits between tries to record an outcome; default a timer. */
  sleep?: (ms: number) => Promise<void>
  /** The payroll this page's drafts were written for: each write carries it, and main refuses another. */
  payroll?: string | undefined
  /** The team ledger's claim before each insert (team/teamClaims.ts); absent with no team server. */
  teamClaims?: TeamClaims | undefined
  /** Why the batch takes no new request now (a stopping answer came, or stop()); undefined while it goes on. */
  stoppedBy?: () => ApiError | undefined
}

/** Tries to record one outcome (the first and up to three more), with a short pause before each retry. */
export const RECORD_TRIES = 4
const RECORD_RETRY_PAUSES_MS = [50, 200, 500] as const

/** Payroll's 403/404 to an insert: it refuses the file itself; `message` in payroll's (or main's) own words. */
export interface FileRefusal {
  fileId: number
  code: 'forbidden' | 'not-found'
  message: string
}

/**
 * - skipped: nothing was sent (no longer queued, deleted, not due, or held behind an earlier request).
 * - retry: back in the queue for a later try; `stopsBatch` when payroll could not be reached.
 * - paused: back in the queue, not counted; nothing more may be sent until `reason` clears.
 */
export type SendResult =
  | { kind: 'skipped' }
  | { kind: 'synced' }
  /** `refusesFile`: payroll refused an insert's file itself (403/404), as it would every other insert. */
  | { kind: 'needs-attention'; refusesFile?: FileRefusal }
  | { kind: 'uncertain' }
  | { kind: 'retry'; stopsBatch: boolean }
  | { kind: 'paused'; reason: 'signed-out' | 'quota'; message: string }
  /**
   * Payroll answered (not with an acceptance) but the database refused to record it: the answer is held
   * by the queue store until the runner records it; this computer's storage is failing.
   */
  | { kind: 'unrecorded' }

export const NO_LONGER_VALID_MESSAGE = 'This request no longer passes the checks, so it was not sent. Fix the fields shown and queue it again.'

export const NO_ANSWER_MESSAGE =
  'Leave Desk lost track of this request while sending it, so it may or may not have reached payroll.'

/**
 * One readwrite transaction: still queued, due, first in its lane, and (unless payroll already has it)
 * the body built and checked by the rules, which may have changed since the clerk queued it; then the
 * claim, committed before the request leaves. An invalid request never leaves. Then one call to main,
 * and its answer recorded. `listed`: the draft as the batch listed it (ClaimOptions.listed). In a
 * `lane`, an insert payroll accepted is recorded with the lane's next claim (Lane).
 */
export async function sendOneDraft(deps: SendDeps, draftId: string, listed?: DraftRecord, lane?: Lane): Promise<SendResult> {
  const { queue } = deps.repo
  const options: ClaimOptions = { now: deps.now(), offsetMinutesOf: deps.offsetMinutesOf }
  if (listed) options.listed = listed
  // The queue's steps wait for the page's idle moments: a keystroke's save and the screens go first.
  await backgroundTurn()
  const claim = await claimAfterAccepted(deps, draftId, options, lane)
  if (!claim.ok) {
    if (claim.error.reason !== 'invalid') return { kind: 'skipped' }
    const error: ApiError = { code: 'validation', message: NO_LONGER_VALID_MESSAGE, fieldIssues: claim.error.issues }
    const refused = await queue.recordOutcome(draftId, { kind: 'needs-attention', error })
    return refused.ok ? { kind: 'needs-attention' } : { kind: 'skipped' }
  }
  // A change to a request already in payroll: PUT, or first a check of a PUT that may have landed.
  if (claim.value.kind !== undefined) return sendUpdate(deps, claim.value, (outcome, result) => recorded(deps, claim.value.draft, outcome, result, true))
  const { draft: claimed, body, accepted: acceptedBefore, names } = claim.value
  // Payroll already accepted this one (the database would not record it then, and the clerk has queued
  // it again meanwhile): record that answer now, never post (or put) it a second time.
  if (acceptedBefore) return recorded(deps, claimed, acceptedBefore, { kind: 'synced' })
  // A colleague claimed the same leave first: stopped here, before payroll, for the clerk to decide.
  const colleague = await stoppedByColleague(deps.teamClaims, claimed, body, deps.now())
  if (colleague) return recorded(deps, claimed, colleague, { kind: 'needs-attention' })
  await backgroundTurn()
  // A stopping answer that came while the team claim was out (or this turn): back unsent and uncounted.
  const stop = deps.stoppedBy?.()
  if (stop) return recorded(deps, claimed, { kind: 'retry', error: stop, nextAttemptAt: deps.now(), countsAsAttempt: false }, { kind: 'skipped' })
  const lost: ApiError = { code: 'unknown-outcome', message: NO_ANSWER_MESSAGE }
  const answer = await answerOf(() => deps.api.insertLeaveRequest(claimed.fileId, body, requestKeyOf(claimed), deps.payroll), lost)
  if (!answer.ok) return recordAnswer(deps, claimed, answer.error)
  const accepted: Accepted = { claimed, body, outcome: acceptance(answer.value), names }
  if (!lane) return writeAccepted(deps, accepted)
  lane.accepted = accepted
  return { kind: 'synced' }
}

/**
 * A lane of the batch (syncBatch.ts). An insert payroll accepted is kept here and written in the
 * transaction of the lane's next claim, before it (one transaction per request instead of two), or by
 * writeAccepted when the lane ends; `written` is told what each became once written.
 */
export interface Lane {
  accepted?: Accepted
  written: (result: SendResult) => void
}

interface Accepted {
  claimed: DraftRecord
  body: LeaveRequestInsert
  outcome: Acceptance
  names?: SyncNames | undefined
}

function acceptance(value: { Id: number; LastModifiedDateUtc: string }): Acceptance {
  const outcome: Acceptance = { kind: 'synced', serverId: value.Id }
  if (value.LastModifiedDateUtc !== '') outcome.lastModifiedDateUtc = value.LastModifiedDateUtc
  return outcome
}

/** The claim, with the lane's accepted insert written first in its transaction. */
async function claimAfterAccepted(deps: SendDeps, draftId: string, options: ClaimOptions, lane?: Lane): Promise<ClaimResult> {
  const accepted = lane?.accepted
  if (!lane || !accepted) return deps.repo.queue.claim(draftId, options)
  lane.accepted = undefined
  let claim: ClaimResult
  try {
    claim = await deps.repo.queue.claim(draftId, { ...options, recordFirst: { sent: accepted.claimed, names: accepted.names, outcome: accepted.outcome } })
  } catch {
    // Refused, or the database failed: the acceptance alone (retried, held in memory), then the claim
    // alone, whose lane check holds this draft back unless the earlier one ended synced.
    lane.written(await writeAccepted(deps, accepted))
    return deps.repo.queue.claim(draftId, options)
  }
  await tellTeam(deps, accepted)
  lane.written({ kind: 'synced' })
  return claim
}

/** Writes an accepted insert's outcome alone. */
export async function writeAccepted(deps: SendDeps, accepted: Accepted): Promise<SendResult> {
  const result = await recorded(deps, accepted.claimed, accepted.outcome, { kind: 'synced' })
  await tellTeam(deps, accepted)
  return result
}

/** Payroll's number on the team claim, once the answer is safe on disk: a collision found later names it. */
async function tellTeam(deps: SendDeps, { claimed, body, outcome }: Accepted): Promise<void> {
  await deps.teamClaims?.accepted(claimed.id, body, outcome.serverId).catch(() => undefined)
}

/** A call to main that throws (the bridge broke) answers `failure`: after a claim, the request may have left. */
export async function answerOf<T>(call: () => Promise<ApiResult<T>>, failure: ApiError): Promise<ApiResult<T>> {
  try {
    return await call()
  } catch {
    return { ok: false, error: failure }
  }
}

async function recordAnswer(deps: SendDeps, claimed: DraftRecord, failure: ApiError): Promise<SendResult> {
  const error = errorForDraft(failure)
  const decision = classifyForQueue(error)
  switch (decision.kind) {
    case 'retry':
      return recorded(deps, claimed, { kind: 'retry', error, nextAttemptAt: nextRetryAt(deps, claimed.attempts, error.retryAfterMs) }, { kind: 'retry', stopsBatch: decision.stopsBatch })
    case 'pause':
      return recorded(deps, claimed, { kind: 'retry', error, nextAttemptAt: deps.now(), countsAsAttempt: false }, { kind: 'paused', reason: decision.reason, message: error.message })
    case 'needs-attention': {
      const code = error.code
      const result: SendResult =
        code === 'forbidden' || code === 'not-found'
          ? { kind: 'needs-attention', refusesFile: { fileId: claimed.fileId, code, message: error.message } }
          : { kind: 'needs-attention' }
      return recorded(deps, claimed, { kind: 'needs-attention', error }, result)
    }
    case 'uncertain':
      return recorded(deps, claimed, { kind: 'uncertain', error }, { kind: 'uncertain' })
  }
}

/**
 * Writes the outcome; `result` is what the batch learns. If the move was refused, the draft stays
 * 'sending' and the next run's recovery makes it uncertain, which is the safe reading.
 *
 * A write that fails (the database threw) is tried again a few times. If it keeps failing, payroll's
 * answer is handed to the queue store, which holds it until the database takes it (the runner retries
 * on a timer and tells the clerk the computer's storage is failing), so the draft never stays 'sending'
 * with no next step, and is never recovered as "interrupted" when payroll did answer. An acceptance is
 * also written as 'uncertain' with payroll's Id in the words, if the database takes even that, so the
 * clerk knows it is in payroll; it is never posted again.
 *
 * An update (`isUpdate`) is never made uncertain, not even to say that: it stays 'sending' until the
 * held answer is recorded, and if the page goes first, recovery queues it for a check that reads payroll.
 */
async function recorded(deps: SendDeps, claimed: DraftRecord, outcome: SendOutcome, result: SendResult, isUpdate = false): Promise<SendResult> {
  const { id } = claimed
  try {
    const written = await recordWithRetries(deps, claimed, outcome)
    return written.ok ? result : isUpdate ? { kind: 'skipped' } : { kind: 'uncertain' }
  } catch {
    deps.repo.queue.rememberOutcome(id, outcome)
    return outcome.kind === 'synced' && !isUpdate ? noteAcceptance(deps, id, outcome.serverId) : { kind: 'unrecorded' }
  }
}

async function recordWithRetries(deps: SendDeps, claimed: DraftRecord, outcome: SendOutcome): ReturnType<DraftsRepository['queue']['recordOutcome']> {
  const sleep = deps.sleep ?? ((ms: number) => pause(ms))
  let lastError: unknown
  for (let tryIndex = 0; tryIndex < RECORD_TRIES; tryIndex += 1) {
    if (tryIndex > 0) await sleep(RECORD_RETRY_PAUSES_MS[tryIndex - 1] ?? 500)
    try {
      return await deps.repo.queue.recordOutcome(claimed.id, outcome)
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}

async function noteAcceptance(deps: SendDeps, id: string, serverId: number): Promise<SendResult> {
  const error: ApiError = { code: 'unknown-outcome', message: acceptedButUnrecordedMessage(serverId) }
  try {
    await deps.repo.queue.recordOutcome(id, { kind: 'uncertain', error })
  } catch {
    // Still 'sending': the runner records payroll's answer from the queue store when it can.
  }
  return { kind: 'uncertain' }
}
