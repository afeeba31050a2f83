import type { ApiError, ApiResult } from '../../../shared/apiError'
import type { LeaveRequestRecord, LeaveRequestUpdate } from '../../../shared/leaveRequestSchema'
import { holdsWhatWasSent, sameVersion } from '../../../shared/leaveRequestSame'
import type { DraftRecord, PayrollCopy, SendOutcome, UpdateSend } from '../db'
import { contentOf, payrollCopyOf } from '../drafts/payrollCopy'
import { classifyForQueue, errorForDraft } from './classifyForQueue'
import { hasWriteInFlight } from './lateAnswers'
import { nextRetryAt } from './retryBackoff'
import { answerOf, type SendDeps, type SendResult } from './sendOneDraft'
import { requestKeyOf } from './requestKeys'

/**
 * A pending change to a request in payroll, sent with PUT (docs/architecture.md "Requests already in
 * payroll"). Every PUT carries the version its change is based on, so payroll applies it at most once;
 * a PUT whose answer is lost is never "uncertain": the queue reads the request back and decides.
 * - payroll holds what was sent → synced (nothing sent again);
 * - payroll still holds the version read → PUT again (if an earlier PUT lands first, payroll refuses
 *   this one as stale, and the read-back after that finds the change);
 * - anything else → 'conflict', payroll's copy kept beside the clerk's.
 */

/** Records an outcome of the claimed draft and says what the batch learns (sendOneDraft's `recorded`). */
export type Recorder = (outcome: SendOutcome, result: SendResult) => Promise<SendResult>

export const NO_LONGER_IN_PAYROLL = 'This request is no longer in payroll (it may have been deleted there). Discard your change, or make a new request.'

export const CHANGED_IN_PAYROLL = 'This request was changed in payroll since Leave Desk read it. Compare the two versions and choose which to keep.'

const NO_ANSWER: ApiError = {
  code: 'unknown-outcome',
  message: 'Leave Desk sent this change but got no answer. It reads the request from payroll to see whether the change arrived before sending anything again.'
}

export function sendUpdate(deps: SendDeps, send: UpdateSend, record: Recorder): Promise<SendResult> {
  return send.kind === 'put' ? put(deps, send.draft, send.serverId, send.body, record) : checkFirst(deps, send, record)
}

export const EARLIER_TRY_STILL_OUT: ApiError = {
  code: 'unknown-outcome',
  message: 'Leave Desk is waiting for payroll’s answer to the earlier try of this change before it checks or sends anything.'
}

/**
 * An earlier PUT of this change may be in payroll: read it, then decide (nothing is sent blind). While
 * main still has that PUT on its way (the page reloaded mid-request), wait for it: reading now could
 * only lead to a PUT that payroll then refuses as stale.
 */
async function checkFirst(deps: SendDeps, send: Extract<UpdateSend, { kind: 'check' }>, record: Recorder): Promise<SendResult> {
  const { draft, serverId, sent } = send
  const unconfirmed = { body: sent, attempt: draft.unconfirmedUpdate?.attempt ?? draft.attempts }
  if (await hasWriteInFlight(deps.api, draft.id)) {
    const outcome: SendOutcome = { kind: 'retry', error: EARLIER_TRY_STILL_OUT, nextAttemptAt: nextRetryAt(deps, 1), countsAsAttempt: false, unconfirmedUpdate: unconfirmed }
    return record(outcome, { kind: 'retry', stopsBatch: false })
  }
  const read = await getWithoutThrowing(deps, draft.fileId, serverId)
  if (!read.ok) return readFailed(deps, draft, read.error, record, unconfirmed)
  const held = read.value
  const arrived = holdsWhatWasSent(sent, held)
  if (!arrived && !sameVersion(held.LastModifiedDateUtc, sent.LastModifiedDateUtc)) return conflict(deps, draft, held, record)
  if (holdsWhatWasSent(send.body, held)) return synced(deps, draft, serverId, held.LastModifiedDateUtc, record)
  // Not there yet, or there and changed again since (the clerk took it out of the queue and edited it):
  // send the draft as it is now, based on the version payroll holds.
  const body: LeaveRequestUpdate = { ...send.body, LastModifiedDateUtc: held.LastModifiedDateUtc }
  if (!(await deps.repo.queue.markUpdateLeaving(draft.id, { body, attempt: draft.attempts }))) return { kind: 'skipped' }
  return put(deps, draft, serverId, body, record)
}

async function put(deps: SendDeps, claimed: DraftRecord, serverId: number, body: LeaveRequestUpdate, record: Recorder): Promise<SendResult> {
  const answer = await answerOf(() => deps.api.putLeaveRequest(claimed.fileId, serverId, body, requestKeyOf(claimed), deps.payroll), NO_ANSWER)
  // An acceptance that names no version is read back, so the copy kept is never of an unknown version.
  if (answer.ok && answer.value.LastModifiedDateUtc !== '') return synced(deps, claimed, serverId, answer.value.LastModifiedDateUtc, record)
  if (answer.ok) return settleByReading(deps, claimed, serverId, body, record)
  const error = errorForDraft(answer.error)
  const unconfirmed = { body, attempt: claimed.attempts }
  // Payroll refused it as stale: not applied now, but an earlier PUT of this change may have been.
  if (error.code === 'conflict') return settleByReading(deps, claimed, serverId, body, record)
  const decision = classifyForQueue(error)
  switch (decision.kind) {
    case 'uncertain':
      return record({ kind: 'retry', error: NO_ANSWER, nextAttemptAt: nextRetryAt(deps, 1), unconfirmedUpdate: unconfirmed }, { kind: 'retry', stopsBatch: false })
    case 'retry':
      return record({ kind: 'retry', error, nextAttemptAt: nextRetryAt(deps, claimed.attempts, error.retryAfterMs) }, { kind: 'retry', stopsBatch: decision.stopsBatch })
    case 'pause':
      return record({ kind: 'retry', error, nextAttemptAt: deps.now(), countsAsAttempt: false }, { kind: 'paused', reason: decision.reason, message: error.message })
    case 'needs-attention': {
      const refusal = error.code === 'not-found' ? { ...error, message: NO_LONGER_IN_PAYROLL } : error
      return record({ kind: 'needs-attention', error: refusal }, { kind: 'needs-attention' })
    }
  }
}

/** Payroll's copy decides: it holds `body` → synced; another version → conflict; no read → checked later. */
async function settleByReading(deps: SendDeps, claimed: DraftRecord, serverId: number, body: LeaveRequestUpdate, record: Recorder): Promise<SendResult> {
  const read = await getWithoutThrowing(deps, claimed.fileId, serverId)
  if (!read.ok) return readFailed(deps, claimed, read.error, record, { body, attempt: claimed.attempts })
  if (holdsWhatWasSent(body, read.value)) return synced(deps, claimed, serverId, read.value.LastModifiedDateUtc, record)
  return conflict(deps, claimed, read.value, record)
}

/** Payroll holds the change: its copy is now what was sent, at the version payroll names. */
function synced(deps: SendDeps, claimed: DraftRecord, serverId: number, lastModifiedDateUtc: string, record: Recorder): Promise<SendResult> {
  const inPayroll: PayrollCopy = { content: contentOf(claimed), lastModifiedDateUtc, readAt: deps.now() }
  return record({ kind: 'synced', serverId, lastModifiedDateUtc, inPayroll }, { kind: 'synced' })
}

function conflict(deps: SendDeps, claimed: DraftRecord, held: LeaveRequestRecord, record: Recorder): Promise<SendResult> {
  const error: ApiError = { code: 'conflict', message: CHANGED_IN_PAYROLL }
  // The clerk decides (Keep mine / Use payroll's); for the batch it is one more request waiting for them.
  return record({ kind: 'conflict', error, payrollChanged: payrollCopyOf(held, deps.now()) }, { kind: 'needs-attention' })
}

/**
 * Reading payroll failed. Gone (404): the clerk must know. Anything else passes: the change stays queued
 * with what may be in payroll, and is checked again on the next try.
 */
function readFailed(deps: SendDeps, claimed: DraftRecord, failure: ApiError, record: Recorder, unconfirmed: { body: LeaveRequestUpdate; attempt: number }): Promise<SendResult> {
  const error = errorForDraft(failure)
  if (error.code === 'not-found') return record({ kind: 'needs-attention', error: { ...error, message: NO_LONGER_IN_PAYROLL } }, { kind: 'needs-attention' })
  const decision = classifyForQueue(error)
  if (decision.kind === 'pause') {
    return record({ kind: 'retry', error, nextAttemptAt: deps.now(), countsAsAttempt: false, unconfirmedUpdate: unconfirmed }, { kind: 'paused', reason: decision.reason, message: error.message })
  }
  const stopsBatch = decision.kind === 'retry' && decision.stopsBatch
  return record({ kind: 'retry', error, nextAttemptAt: nextRetryAt(deps, claimed.attempts, error.retryAfterMs), unconfirmedUpdate: unconfirmed }, { kind: 'retry', stopsBatch })
}

function getWithoutThrowing(deps: SendDeps, fileId: number, id: number): Promise<ApiResult<LeaveRequestRecord>> {
  return answerOf(() => deps.api.getLeaveRequest(fileId, id), { code: 'network', message: 'Leave Desk could not read this request from payroll.' })
}
