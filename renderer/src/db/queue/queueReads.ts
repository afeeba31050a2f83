import { Dexie } from 'dexie'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs } from '../records'
import { BLOCKING_STATUSES, isLive, laneKeyOf, WAITS_FOR_THE_CLERK } from './queueLanes'

/** Read-only questions about the queue: what may go now, what waits behind what, how many wait. */

const bySeq = (a: DraftRecord, b: DraftRecord) => a.seq - b.seq

/** Every queued, live draft due by `now`, in creation order (whether or not it is held behind an earlier one). */
export async function dueDrafts(db: LeaveDeskDb, now: EpochMs): Promise<DraftRecord[]> {
  const due = await db.drafts.where('[status+nextAttemptAt]').between(['queued'], ['queued', now], true, true).toArray()
  return due.filter(isLive).sort(bySeq)
}

/**
 * The earlier requests of the same lane that hold `draft` back, oldest first: live, and in one of
 * BLOCKING_STATUSES. Key-only reads per status (almost always empty); only hits are read whole (one may
 * have been deleted), but `except`. Empty for a request with no employee (a lane of its own).
 */
export function requestsAhead(db: LeaveDeskDb, draft: DraftRecord, except?: string): Promise<DraftRecord[]> {
  if (draft.employeeId === undefined) return Promise.resolve([])
  return Promise.all(BLOCKING_STATUSES.map((status) => earlierInLane(db, draft, status))).then((keys) => {
    const earlierIds = keys.flat().filter((id) => id !== except)
    if (earlierIds.length === 0) return []
    return db.drafts
      .bulkGet(earlierIds)
      .then((earlier) => earlier.filter((other): other is DraftRecord => other !== undefined && isLive(other)).sort(bySeq))
  })
}

/** Ids of the drafts of `draft`'s lane (its employee) in `status` created before it: one key-range read. */
export function earlierInLane(db: LeaveDeskDb, draft: DraftRecord, status: DraftRecord['status']): Promise<string[]> {
  const { fileId, employeeId, seq } = draft
  return db.drafts
    .where('[fileId+employeeId+status+seq]')
    .between([fileId, employeeId, status, Dexie.minKey], [fileId, employeeId, status, seq], true, false)
    .primaryKeys()
}

/** The due drafts the runner may send now, in creation order: first in line for their lane. */
export function readyToSend(db: LeaveDeskDb, now: EpochMs): Promise<DraftRecord[]> {
  return db.transaction('r', db.drafts, async () => {
    const ready: DraftRecord[] = []
    const lanesSeen = new Set<string>()
    for (const draft of await dueDrafts(db, now)) {
      const lane = laneKeyOf(draft)
      if (lanesSeen.has(lane)) continue
      lanesSeen.add(lane)
      if ((await requestsAhead(db, draft)).length === 0) ready.push(draft)
    }
    return ready
  })
}

/**
 * Queued drafts waiting, in every file. Counted from the index without reading the drafts (the runner
 * watches this number while thousands of drafts change state); only the few deleted ones are read.
 */
export function countWaiting(db: LeaveDeskDb): Promise<number> {
  return db.transaction('r', db.drafts, async () => {
    const queued = await db.drafts.where('status').equals('queued').count()
    // Only deleted drafts have an entry in this index.
    const deletedQueued = await db.drafts.orderBy('[fileId+deletedAt]').filter((draft) => draft.status === 'queued').count()
    return queued - deletedQueued
  })
}

/**
 * A cheap read for the runner's live query on the queue: the number waiting, and the number of requests
 * waiting for the clerk (which hold their lane's later requests back). Only counts over small key ranges,
 * so Dexie tracks ranges and no keys, and an autosave that changes no status stays silent.
 */
export async function queueSignal(db: LeaveDeskDb): Promise<{ waiting: number; changes: number[] }> {
  const [waiting, ...changes] = await Promise.all([
    countWaiting(db),
    ...WAITS_FOR_THE_CLERK.map((status) => db.drafts.where('status').equals(status).count())
  ])
  return { waiting: waiting ?? 0, changes }
}

/**
 * The earliest time a queued draft that is first in its lane becomes due: when the runner should wake
 * next. Drafts held behind an uncertain or needs-attention request do not count (they wait for the clerk,
 * not for the clock). Undefined when nothing is waiting.
 */
export async function nextWakeAt(db: LeaveDeskDb): Promise<EpochMs | undefined> {
  const heads = await readyToSend(db, Number.MAX_SAFE_INTEGER)
  const times = heads.flatMap((draft) => (draft.nextAttemptAt === undefined ? [] : [draft.nextAttemptAt]))
  return times.length === 0 ? undefined : Math.min(...times)
}

/**
 * Queued drafts, in every file, held behind an earlier request of their lane that waits for the clerk.
 * A draft behind a request merely queued (or being sent) is not counted: it goes right after by itself.
 * Reads whole drafts, so the runner asks it only between runs.
 */
export function countHeld(db: LeaveDeskDb): Promise<number> {
  return db.transaction('r', db.drafts, async () => {
    const [queued, stuck] = await Promise.all([
      db.drafts.where('status').equals('queued').toArray(),
      db.drafts.where('status').anyOf([...WAITS_FOR_THE_CLERK]).toArray()
    ])
    const oldestStuck = new Map<string, number>()
    for (const draft of stuck.filter(isLive)) {
      const lane = laneKeyOf(draft)
      oldestStuck.set(lane, Math.min(draft.seq, oldestStuck.get(lane) ?? Number.POSITIVE_INFINITY))
    }
    return queued.filter((draft) => isLive(draft) && (oldestStuck.get(laneKeyOf(draft)) ?? Number.POSITIVE_INFINITY) < draft.seq).length
  })
}
