import type { ApiError } from '../../../shared/apiError'
import { answerStopsTheBatch, REFUSES_EVERY_INSERT } from '../../../shared/ipc/answerStopsTheBatch'
import type { ClaimResult, DraftRecord, QueueStore } from '../db'
import { aroundMethods } from './aroundMethods'
import { createBatchWriter, type BatchWriter } from './batchWriter'
import { planLanes, workLanes } from './employeeLanes'
import { createHandOver, wasRenounced } from './handOver'
import { createRequestSlots, type RequestSlots } from './requestSlots'
import { sendClaimed, type SendDeps, type SendResult } from './sendOneDraft'
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
  /** Requests out at once. */
  concurrency: number
  /**
   * Lanes working beyond `concurrency`: each holds its next draft claimed (committed, request not yet
   * left) while the others' requests are out. A batch that stops gives these claims back. A page that
   * dies first leaves them 'sending'; the next page asks main to renounce the ones claimed under its run
   * (renounceClaims.ts): never received, they go back to the queue, not to the clerk as uncertain. Only a
   * claim from an earlier run of main (the app itself crashed) is still recovered as uncertain.
   * Default 0 here; the runner passes its own default (= concurrency).
   */
  claimAhead?: number
  progress: ProgressStore
  /** True once the runner has been stopped: no new request leaves. */
  stopped: () => boolean
  /** main's boot id, recorded on each claim so a reload can renounce it; undefined: none recorded. */
  mainBoot?: () => string | undefined
  /**
   * How many named writes main puts on the wire at once, holding the rest it is handed (in order, and
   * withdrawable); undefined: main holds none. When it holds and puts no more out than `concurrency`,
   * each lane hands its claimed draft over at once (up to concurrency + claimAhead), so main sends the
   * next the moment an answer frees the wire.
   */
  mainWireWrites?: () => number | undefined
  /** Aborted when the runner is stopped, so the writes held in main are taken back at once. */
  stopSignal?: AbortSignal
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

/** Drafts queued while the batch runs are picked up by a further round; bounded for safety. */
const MAX_ROUNDS = 20

export async function runBatch(deps: BatchDeps): Promise<BatchTally> {
  const tally: BatchTally = { synced: 0, needsAttention: 0, uncertain: 0, retried: 0, unreachable: false, storageFailing: false }
  /** Every draft this batch has tried or decided to leave alone; a later round does not pick them again. */
  const handled = new Set<string>()
  /** Set by an answer that stops the batch, before it is recorded (watchAnswers). */
  let stopping = false
  // A failing database stops the batch too: every claim would fail the same way.
  const stopNow = () =>
    deps.stopped() || stopping || tally.unreachable || tally.pause !== undefined || tally.refused !== undefined || tally.storageFailing
  /** The writes handed over to main; once the batch stops, those main still holds are taken back (once). */
  const handOver = createHandOver(deps.api, { stopped: stopNow, mainBoot: () => deps.mainBoot?.() })
  let tookBack = false
  const mustStop = () => {
    const stop = stopNow()
    if (stop && !tookBack) {
      tookBack = true
      handOver.takeBackWaiting()
    }
    return stop
  }
  const onStopped = () => void mustStop()
  deps.stopSignal?.addEventListener('abort', onStopped, { once: true })
  const concurrency = Math.max(1, Math.floor(deps.concurrency) || 1)
  const lanesAtOnce = concurrency + Math.max(0, deps.claimAhead ?? 0)
  const wireWrites = deps.mainWireWrites?.()
  const laneDeps: LaneDeps = {
    ...deps,
    api: watchAnswers(
      handOver.api,
      tally,
      () => {
        stopping = true
      },
      mustStop
    ),
    writer: createBatchWriter(deps.repo.queue, () => ({ now: deps.now(), offsetMinutesOf: deps.offsetMinutesOf, claimedUnder: deps.mainBoot?.() })),
    // Main holding them, every working lane's request is handed over; else only `concurrency` are out.
    slots: createRequestSlots(wireWrites !== undefined && wireWrites <= concurrency ? lanesAtOnce : concurrency)
  }

  try {
    for (let round = 0; round < MAX_ROUNDS && !mustStop(); round += 1) {
      const due = (await deps.repo.queue.dueDrafts(deps.now())).filter((draft) => !handled.has(draft.id))
      if (due.length === 0) break
      deps.progress.addToTotal(due.length)
      const lanes = planLanes(due)
      await workLanes(lanes, lanesAtOnce, (lane) => workLane(laneDeps, lane, tally, handled, mustStop), mustStop)
      // Lanes never started because the batch stopped: their drafts stay queued and leave the count.
      const untouched = due.filter((draft) => !handled.has(draft.id))
      untouched.forEach((draft) => handled.add(draft.id))
      deps.progress.dropFromTotal(untouched.length)
    }
  } finally {
    deps.stopSignal?.removeEventListener('abort', onStopped)
  }
  return tally
}

/**
 * The API as the batch's sends see it, reading each answer the moment it arrives: payroll's first
 * refusal of access to an insert (an update's 404 is about that one record), and any answer that stops
 * the whole batch (payroll unreachable, signed out, quota used up), so that no lane's request leaves
 * after it, not only once the answer has been recorded.
 */
function watchAnswers<A extends object>(api: A, tally: BatchTally, stopNow: () => void, noticeStop: () => void): A {
  return aroundMethods(api, async (call, args, method) => {
    const answer = (await call()) as { ok: boolean; error?: ApiError } | undefined
    if (answer && answer.ok === false && answer.error) {
      noteAnswer(answer.error, tally, stopNow, method === 'insertLeaveRequest' ? args[0] : undefined)
      noticeStop()
    }
    return answer
  })
}

/** `insertFileId`: the file of an insert; undefined for any other call. */
function noteAnswer(error: ApiError, tally: BatchTally, stopNow: () => void, insertFileId: unknown): void {
  const insert = typeof insertFileId === 'number'
  if (insert && REFUSES_EVERY_INSERT.has(error.code)) {
    tally.refused ??= { fileId: insertFileId, code: error.code as BatchRefusal['code'], message: error.message }
  }
  if (answerStopsTheBatch(error, insert ? 'insert' : 'other')) stopNow()
}

/** What a lane works with: the batch's deps, its group writer and the request slots all lanes share. */
interface LaneDeps extends BatchDeps {
  writer: BatchWriter
  slots: RequestSlots
}

/**
 * One employee's requests, front to back. Each draft's claim is committed before its request leaves;
 * the next draft's claim goes into the same transaction as this one's outcome (it is refused there
 * unless this one was recorded as synced), so a lane never has two requests out and never overtakes
 * itself. More lanes work than requests may be out: a lane whose draft is claimed waits for a slot
 * while the others' requests are out, so no request waits for a transaction.
 */
async function workLane(
  deps: LaneDeps,
  lane: readonly DraftRecord[],
  tally: BatchTally,
  handled: Set<string>,
  mustStop: () => boolean
): Promise<void> {
  /** The claim of lane[index], made early alongside the previous draft's outcome. */
  let claimed: Promise<ClaimResult> | undefined
  for (const [index, draft] of lane.entries()) {
    if (mustStop()) {
      if (claimed) await giveBack(deps, draft, claimed)
      return leaveRest(deps, lane.slice(index), handled)
    }
    handled.add(draft.id)
    const next = lane[index + 1]
    const sent = await sendInTurn(deps, draft, claimed ?? deps.writer.claim(draft.id), next, tally, mustStop)
    claimed = sent.nextClaim
    if (sent.result.kind === 'skipped') deps.progress.sendSkipped()
    else deps.progress.sendFinished(deps.now())
    count(tally, sent.result)
    if (sent.result.kind !== 'synced') {
      // Noticed now, not at the next answer: what main holds is taken back at once.
      mustStop()
      if (claimed && next) await giveBack(deps, next, claimed)
      return leaveRest(deps, lane.slice(index + 1), handled)
    }
  }
}

/** The rest of a lane waits for the next run, untouched. */
function leaveRest(deps: BatchDeps, rest: readonly DraftRecord[], handled: Set<string>): void {
  rest.forEach((draft) => handled.add(draft.id))
  deps.progress.dropFromTotal(rest.length)
}

/**
 * One claimed draft's turn: wait for a request slot, post, record. A database failure must not leave
 * the run hanging. What throws here is the local database (the API's failures are answers): a claim
 * that could not be written leaves the draft queued, due, and the request never left; the batch stops
 * and the runner retries on its storage timer. Answers the result and the next draft's claim, if the
 * outcome's transaction made one.
 */
async function sendInTurn(
  deps: LaneDeps,
  draft: DraftRecord,
  claimPromise: Promise<ClaimResult>,
  next: DraftRecord | undefined,
  tally: BatchTally,
  mustStop: () => boolean
): Promise<{ result: SendResult; nextClaim?: Promise<ClaimResult> }> {
  let nextClaim: Promise<ClaimResult> | undefined
  /** Main answered that this draft's write was never sent (withdrawn, or never handed over). */
  let renounced = false
  const recordOutcome: QueueStore['recordOutcome'] = (id, outcome) => {
    // Never sent: the claim is given back as if never made (attempt not counted), not recorded as a
    // retry. If the database refuses even that, the draft stays 'sending' and recovery asks main, which
    // still answers it renounced. The send's result is 'skipped' either way (below).
    if (renounced) return deps.writer.release(draft).then(() => ({ ok: true, value: draft }))
    const recorded = deps.writer.recordOutcome(id, outcome)
    if (outcome.kind === 'synced' && next && !nextClaim && !mustStop()) {
      nextClaim = deps.writer.claim(next.id)
      // Awaited by the lane's next turn (or given back); a failure is seen there, not as unhandled here.
      nextClaim.catch(() => undefined)
    }
    return recorded
  }
  // Counted as in flight from its turn to its answer (the panel's "sending"), whatever happens.
  let started = false
  const start = () => {
    if (!started) deps.progress.sendStarted()
    started = true
  }
  try {
    const claim = await claimPromise
    const slot = claim.ok ? await deps.slots.take() : undefined
    start()
    if (slot && mustStop()) {
      slot.release()
      await giveBack(deps, draft, claimPromise)
      return { result: { kind: 'skipped' } }
    }
    try {
      const sendDeps: SendDeps = {
        ...deps,
        api: noticingRenounced(releasingAfterAnswer(deps.api, slot), () => (renounced = true)),
        repo: { ...deps.repo, queue: { ...deps.repo.queue, recordOutcome } }
      }
      const sent = await sendClaimed(sendDeps, draft.id, claim)
      const result: SendResult = renounced ? { kind: 'skipped' } : sent
      return nextClaim ? { result, nextClaim } : { result }
    } finally {
      slot?.release()
    }
  } catch {
    start()
    tally.storageFailing = true
    return nextClaim ? { result: { kind: 'skipped' }, nextClaim } : { result: { kind: 'skipped' } }
  }
}

/**
 * A claim made for a request that will not leave now (the batch stopped, or the lane's earlier request
 * did not sync) goes back: the draft is queued again as it was. If the database refuses even that, it
 * stays 'sending' and the next run's recovery makes it uncertain, the safe reading.
 */
async function giveBack(deps: LaneDeps, before: DraftRecord, claim: Promise<ClaimResult>): Promise<void> {
  try {
    if ((await claim).ok) await deps.writer.release(before)
  } catch {
    // See above: recovery takes it from here.
  }
}

/**
 * The API as one claimed send sees it: its request slot is given back the moment an insert's answer is
 * in. An update may make two calls (a check, then the PUT): its slot is kept until the send is done.
 */
function releasingAfterAnswer<A extends object>(api: A, slot: { release(): void } | undefined): A {
  if (!slot) return api
  return aroundMethods(api, (call, _args, method) => {
    const answer = call()
    if (method === 'insertLeaveRequest') void Promise.resolve(answer).then(slot.release, slot.release)
    return answer
  })
}

/** Calls `renounced` before the caller sees an answer saying the write was never sent. */
function noticingRenounced<A extends object>(api: A, renounced: () => void): A {
  return aroundMethods(api, (call) => {
    const answer = call()
    if (!(answer instanceof Promise)) return answer
    return answer.then((settled: unknown) => {
      if (wasRenounced(settled)) renounced()
      return settled
    })
  })
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
