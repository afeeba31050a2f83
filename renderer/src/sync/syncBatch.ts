import type { ApiError } from '../../../shared/apiError'
import type { DraftRecord } from '../db'
import { planLanes, workLanes } from './employeeLanes'
import { sendOneDraft, writeAccepted, type FileRefusal, type Lane, type SendDeps, type SendResult } from './sendOneDraft'
import type { ProgressStore } from './syncProgressStore'

/**
 * One batch, run while holding the Web Lock: every queued draft that is due, in employee lanes, a few
 * lanes at once. Each lane is one strict loop, one draft at a time (sendOneDraft.ts):
 *
 *            ┌──────────────────────────────────────────────────────────────────────────┐
 *            ▼                                                                          │ synced
 *   ┌──────────────┐ stop?  ┌───────────────────────────────────────────────┐  ┌───────┴────────┐
 *   │ NEXT IN LANE │──no───▶│ CLAIM (one durable transaction on claimDb):   │  │ RECORD outcome │
 *   └──────┬───────┘        │ still queued · due · first in its lane ·      │  │ (one txn; held │
 *          │ yes / lane     │ body built and checked · queued → sending     │  │ in memory if   │
 *          │ done           └──────┬──────────────────┬──────────────┬──────┘  │ storage fails) │
 *          ▼                       │ claimed          │ invalid      │ not now └───────▲────────┘
 *   ┌──────────────┐               ▼                  ▼              ▼                 │
 *   │ LANE ENDS:   │       ┌──────────────┐   needs-attention   lane ends          │
 *   │ rest stays   │       │ TEAM CLAIM   │   (recorded)        (untouched)        │
 *   │ queued       │       │ (inserts;    │ colleague's claim (409) ──▶ RECORD     │
 *   └──────────────┘       │ team set up) │ needs-attention "‹who› sent this…"    │
 *                          └──────┬───────┘                                        │
 *                                 │ claimed · own retry · server out of reach      │
 *                                 ▼ (kept locally) · "Send anyway" for this leave  │ answer
 *                          ┌──────────────┐                                        │
 *                          │ ONE CALL to  │────────────────────────────────────────┘
 *                          │ main, keyed  │  accepted: payroll's number added to the team claim
 *                          │ draft:attempt│
 *                          └──────────────┘
 *   Any outcome but synced ends the lane: an employee's later requests never overtake an earlier one.
 *   The team claim (team/teamClaims.ts) is taken after the local claim is on disk, so a request stopped
 *   by a colleague's claim is recorded from 'sending' like any refusal; with no team server it is skipped.
 *
 * Stopping answers stop every lane from taking a new claim: payroll unreachable, signed out, daily quota
 * used up, payroll refusing an insert's file (403/404: every other insert would meet it too), a failing
 * database, the runner stopped. A lane that learns of it after its team claim puts its draft back unsent
 * (a retry that does not count). The calls already in main when that happens (at most one per other lane,
 * so concurrency − 1) still leave or are answered as they would have been; each was claimed on disk
 * before it left and carries its own key, which main sends at most once, so none is a duplicate.
 */
export interface BatchDeps extends SendDeps {
  /** Lanes worked at once: each has at most one request out. */
  concurrency: number
  progress: ProgressStore
  /** True once the runner has been stopped: no new claim is taken. */
  stopped: () => boolean
}

export interface BatchTally {
  synced: number
  needsAttention: number
  uncertain: number
  pause?: { reason: 'signed-out' | 'quota'; message: string }
  /** Payroll could not be reached; the rest of the batch was left queued. */
  unreachable: boolean
  /** Payroll's first 403/404 to an insert; the rest of the batch was left queued. */
  refused?: FileRefusal
  /** The local database refused a write (a claim, or an outcome held in memory instead). */
  storageFailing: boolean
}

/** Drafts queued while the batch runs are picked up by a further round; bounded for safety. */
const MAX_ROUNDS = 20

export async function runBatch(deps: BatchDeps): Promise<BatchTally> {
  const tally: BatchTally = { synced: 0, needsAttention: 0, uncertain: 0, unreachable: false, storageFailing: false }
  /** Every draft this batch has tried or decided to leave alone; a later round does not pick them again. */
  const handled = new Set<string>()
  const laneDeps: BatchDeps = { ...deps, stoppedBy: () => stoppedBy(deps, tally) }
  const mustStop = () => laneDeps.stoppedBy?.() !== undefined
  for (let round = 0; round < MAX_ROUNDS && !mustStop(); round += 1) {
    const due = (await deps.repo.queue.dueDrafts(deps.now())).filter((draft) => !handled.has(draft.id))
    if (due.length === 0) break
    deps.progress.addToTotal(due.length)
    await workLanes(planLanes(due), deps.concurrency, (lane) => workLane(laneDeps, lane, tally, handled, mustStop), mustStop)
    // Lanes never started because the batch stopped: their drafts stay queued and leave the count.
    const untouched = due.filter((draft) => !handled.has(draft.id))
    untouched.forEach((draft) => handled.add(draft.id))
    deps.progress.dropFromTotal(untouched.length)
  }
  return tally
}

export const STOPPED_BEFORE_LEAVING = 'Sending stopped just before this request left, so it was not sent. It goes with the next run.'

/** Why no new request may leave now, in the words a request held back keeps; undefined while sending goes on. */
function stoppedBy(deps: BatchDeps, tally: BatchTally): ApiError | undefined {
  if (tally.pause) return { code: tally.pause.reason === 'quota' ? 'quota-exhausted' : 'signed-out', message: tally.pause.message }
  if (tally.refused) return { code: tally.refused.code, message: tally.refused.message }
  if (tally.unreachable || tally.storageFailing || deps.stopped()) return { code: 'network', message: STOPPED_BEFORE_LEAVING }
  return undefined
}

/** One employee's requests, front to back: claim → one call → record, then the next. */
async function workLane(
  deps: BatchDeps,
  drafts: readonly DraftRecord[],
  tally: BatchTally,
  handled: Set<string>,
  mustStop: () => boolean
): Promise<void> {
  const finish = (result: SendResult) => {
    if (result.kind === 'skipped') deps.progress.sendSkipped()
    else deps.progress.sendFinished(deps.now())
    count(tally, result)
  }
  // An acceptance is written with the lane's next claim (sendOneDraft.ts Lane); the last one alone.
  const lane: Lane = { written: finish }
  let next = 0
  while (next < drafts.length && !mustStop()) {
    const draft = drafts[next] as DraftRecord
    next += 1
    handled.add(draft.id)
    deps.progress.sendStarted()
    const result = await sendSafely(deps, draft, lane)
    if (!lane.accepted) finish(result)
    if (result.kind !== 'synced') break
  }
  if (lane.accepted) finish(await writeAccepted(deps, lane.accepted))
  leaveRest(deps, drafts.slice(next), handled)
}

/**
 * What throws here is the local database (the API's failures are answers): a claim that could not be
 * written leaves the draft queued and the request never left; the batch stops and the runner retries
 * on its storage timer.
 */
async function sendSafely(deps: BatchDeps, draft: DraftRecord, lane: Lane): Promise<SendResult> {
  try {
    return await sendOneDraft(deps, draft.id, draft, lane)
  } catch {
    return { kind: 'unrecorded' }
  }
}

/** The rest of a lane waits for the next run, untouched. */
function leaveRest(deps: BatchDeps, rest: readonly DraftRecord[], handled: Set<string>): void {
  rest.forEach((draft) => handled.add(draft.id))
  deps.progress.dropFromTotal(rest.length)
}

function count(tally: BatchTally, result: SendResult): void {
  switch (result.kind) {
    case 'synced':
      tally.synced += 1
      return
    case 'needs-attention':
      tally.needsAttention += 1
      if (result.refusesFile) tally.refused ??= result.refusesFile
      return
    case 'uncertain':
      tally.uncertain += 1
      return
    case 'retry':
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
