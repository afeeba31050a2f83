import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord } from '../records'
import { isLive, laneKeyOf, WAITS_FOR_THE_CLERK } from './queueLanes'
import { earlierInLane, isWaitingBehindEarlier } from './queueReads'

/**
 * The claim's lane check (queueReads.ts requestsAhead: "is an earlier request of this employee still
 * queued, being sent, or waiting for the clerk?") for all the claims of one group transaction
 * (queueGroupWrite.ts), with the same answer and fewer reads. Asked per claim, it is five key-range reads,
 * one per blocking status: most of a claim's cost. Here the group reads once what every claim would
 * read the same: the drafts being sent (a handful: the runner's own requests in flight) and whether any
 * draft at all waits for the clerk. Each claim then reads only its own lane's earlier queued requests.
 * When some draft does wait for the clerk, each claim asks the full question instead, as alone.
 *
 * Create it once the group's outcomes and given-back claims are written, before any claim is: from then
 * on the only writes in the transaction are claims (queued → sending), and a claim that passes the check
 * is remembered here before its write, so a later request of the same lane claimed in the same group
 * sees it whichever write or read IndexedDB runs first.
 */
export interface LaneCheck {
  isWaitingBehindEarlier(draft: DraftRecord): Promise<boolean>
}

export function groupLaneCheck(db: LeaveDeskDb): LaneCheck {
  const shared = Promise.all([
    db.drafts.where('status').equals('sending').toArray(),
    Promise.all(WAITS_FOR_THE_CLERK.map((status) => db.drafts.where('status').equals(status).count()))
  ])
  /** Lane → creation numbers of the drafts that passed the check in this group. */
  const passedHere = new Map<string, number[]>()
  const passed = (draft: DraftRecord) => passedHere.set(laneKeyOf(draft), [...(passedHere.get(laneKeyOf(draft)) ?? []), draft.seq])

  function isBehind(draft: DraftRecord): Promise<boolean> | boolean {
    if (draft.employeeId === undefined) return false
    const lane = laneKeyOf(draft)
    return Promise.all([shared, queuedAhead(db, draft)]).then(([[sending, waitingCounts], queuedEarlier]) => {
      // Read after the reads above: a claim of this lane whose write came before them is remembered by now.
      if ((passedHere.get(lane) ?? []).some((seq) => seq < draft.seq)) return true
      if (waitingCounts.some((count) => count > 0)) return isWaitingBehindEarlier(db, draft)
      return queuedEarlier || sending.some((other) => isLive(other) && laneKeyOf(other) === lane && other.seq < draft.seq)
    })
  }

  // Chained with `.then`, not awaited: see queueGroupWrite.ts on Dexie's promises inside a transaction.
  return {
    isWaitingBehindEarlier(draft) {
      return Promise.resolve(isBehind(draft)).then((behind) => {
        if (!behind) passed(draft)
        return behind
      })
    }
  }
}

/** Whether a live queued request of the draft's lane was created before it: one key-range read. */
function queuedAhead(db: LeaveDeskDb, draft: DraftRecord): Promise<boolean> {
  return earlierInLane(db, draft, 'queued').then((ids) =>
    // Only hits are read whole: one may have been deleted.
    ids.length === 0 ? false : db.drafts.bulkGet(ids).then((others) => others.some((other) => other !== undefined && isLive(other)))
  )
}
