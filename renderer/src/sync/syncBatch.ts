import type { ApiErrorCode } from '../../../shared/apiError'
import type { DraftRecord } from '../db'
import { planLanes, workLanes } from './employeeLanes'
import { sendOneDraft, type SendDeps, type SendResult } from './sendOneDraft'
import type { ProgressStore } from './syncProgressStore'

/**
 * One batch, run while holding the lock: every queued draft that is due, in employee lanes. A lane stops
 * at its first request that does not sync (the employee's later requests must not overtake it). The
 * whole batch stops when payroll cannot be reached (the rest would fail the same way and stays queued,
 * untouched), when payroll refuses access to a file or does not know the insert route (403/404: every
 * other request would be refused too, and each would land on the clerk as "needs attention"), when the
 * queue must pause (signed out, quota used up), or when the runner is stopped. The requests already in
 * flight when the batch stops finish as they would have.
 */
export interface BatchDeps extends SendDeps {
  concurrency: number
  progress: ProgressStore
  /** True once the runner has been stopped: no new request leaves. */
  stopped: () => boolean
}

export interface BatchTally {
  synced: number
  needsAttention: number
  uncertain: number
  retried: number
  pause?: { reason: 'signed-out' | 'quota'; message: string }
  /** Payroll could not be reached; the rest of the batch was left queued. */
  unreachable: boolean
  /** Payroll's first 403/404 to an insert; the rest of the batch was left queued. */
  refused?: BatchRefusal
  /** The local database refused a write (a claim, or an outcome held in memory instead). */
  storageFailing: boolean
}

export interface BatchRefusal {
  fileId: number
  code: 'forbidden' | 'not-found'
  /** Payroll's (or main's) own words. */
  message: string
}

/** Answers to an insert that every other insert would get too: no point sending the rest. */
const REFUSES_EVERY_REQUEST: ReadonlySet<ApiErrorCode> = new Set(['forbidden', 'not-found'])

/** Drafts queued while the batch runs are picked up by a further round; bounded for safety. */
const MAX_ROUNDS = 20

export async function runBatch(deps: BatchDeps): Promise<BatchTally> {
  const tally: BatchTally = { synced: 0, needsAttention: 0, uncertain: 0, retried: 0, unreachable: false, storageFailing: false }
  /** Every draft this batch has tried or decided to leave alone; a later round does not pick them again. */
  const handled = new Set<string>()
  // A failing database stops the batch too: every claim would fail the same way.
  const mustStop = () =>
    deps.stopped() || tally.unreachable || tally.pause !== undefined || tally.refused !== undefined || tally.storageFailing
  const sendDeps: BatchDeps = { ...deps, api: watchForRefusal(deps.api, tally) }

  for (let round = 0; round < MAX_ROUNDS && !mustStop(); round += 1) {
    const due = (await deps.repo.queue.dueDrafts(deps.now())).filter((draft) => !handled.has(draft.id))
    if (due.length === 0) break
    deps.progress.addToTotal(due.length)
    const lanes = planLanes(due)
    await workLanes(lanes, deps.concurrency, (lane) => workLane(sendDeps, lane, tally, handled, mustStop), mustStop)
    // Lanes never started because the batch stopped: their drafts stay queued and leave the count.
    const untouched = due.filter((draft) => !handled.has(draft.id))
    untouched.forEach((draft) => handled.add(draft.id))
    deps.progress.dropFromTotal(untouched.length)
  }
  return tally
}

/**
 * The API as the batch's sends see it, noting payroll's first refusal of access the moment it arrives, so
 * no lane takes another request after it (not only once the refused draft has been recorded).
 */
function watchForRefusal(api: BatchDeps['api'], tally: BatchTally): BatchDeps['api'] {
  return {
    ...api,
    async insertLeaveRequest(fileId, body, requestKey) {
      const answer = await api.insertLeaveRequest(fileId, body, requestKey)
      if (!answer.ok && REFUSES_EVERY_REQUEST.has(answer.error.code)) {
        tally.refused ??= { fileId, code: answer.error.code as BatchRefusal['code'], message: answer.error.message }
      }
      return answer
    }
  }
}

async function workLane(
  deps: BatchDeps,
  lane: readonly DraftRecord[],
  tally: BatchTally,
  handled: Set<string>,
  mustStop: () => boolean
): Promise<void> {
  for (const [index, draft] of lane.entries()) {
    if (mustStop()) return leaveRest(deps, lane.slice(index), handled)
    handled.add(draft.id)
    deps.progress.sendStarted()
    const result = await sendSafely(deps, draft.id, tally)
    if (result.kind === 'skipped') deps.progress.sendSkipped()
    else deps.progress.sendFinished(deps.now())
    count(tally, result)
    if (result.kind !== 'synced') return leaveRest(deps, lane.slice(index + 1), handled)
  }
}

/** The rest of a lane waits for the next run, untouched. */
function leaveRest(deps: BatchDeps, rest: readonly DraftRecord[], handled: Set<string>): void {
  rest.forEach((draft) => handled.add(draft.id))
  deps.progress.dropFromTotal(rest.length)
}

/**
 * A database failure mid-send must not leave the run hanging. What throws here is the local database
 * (the API's failures are answers): a claim that could not be written leaves the draft queued, due, and
 * the request never left; the batch stops and the runner retries on its storage timer.
 */
async function sendSafely(deps: BatchDeps, draftId: string, tally: BatchTally): Promise<SendResult> {
  try {
    return await sendOneDraft(deps, draftId)
  } catch {
    tally.storageFailing = true
    return { kind: 'skipped' }
  }
}

function count(tally: BatchTally, result: SendResult): void {
  switch (result.kind) {
    case 'synced':
      tally.synced += 1
      return
    case 'needs-attention':
      tally.needsAttention += 1
      return
    case 'uncertain':
      tally.uncertain += 1
      return
    case 'retry':
      tally.retried += 1
      if (result.stopsBatch) tally.unreachable = true
      return
    case 'paused':
      tally.pause ??= { reason: result.reason, message: result.message }
      return
    case 'unrecorded':
      tally.storageFailing = true
      return
    case 'skipped':
      return
  }
}
