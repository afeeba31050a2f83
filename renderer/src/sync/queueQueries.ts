import { BLOCKING_STATUSES, type DraftRecord, type DraftsRepository, type EpochMs } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { laneKeyOf } from './employeeLanes'

/** Read-only questions the runner asks the database about the queue as a whole. */

/** States in which a request waits for the clerk, and holds back every later request of its employee until then. */
const WAITS_FOR_THE_CLERK: readonly DraftStatus[] = BLOCKING_STATUSES.filter((status) => status === 'uncertain' || status === 'needs-attention')

const live = (draft: DraftRecord) => draft.deletedAt === undefined

/** Every queued draft due by `now`, in creation order (whether or not it is held behind an earlier one). */
export async function dueQueuedDrafts(repo: DraftsRepository, now: EpochMs): Promise<DraftRecord[]> {
  const due = await repo.db.drafts.where('[status+nextAttemptAt]').between(['queued'], ['queued', now], true, true).toArray()
  return due.filter(live).sort((a, b) => a.seq - b.seq)
}

/**
 * Queued drafts waiting, in every file. Counted from the index without reading the drafts (the runner
 * watches this number while thousands of drafts change state); only the few deleted ones are read.
 */
export function countWaiting(repo: DraftsRepository): Promise<number> {
  const { db } = repo
  return db.transaction('r', db.drafts, async () => {
    const queued = await db.drafts.where('status').equals('queued').count()
    // Only deleted drafts have an entry in this index.
    const deletedQueued = await db.drafts.orderBy('[fileId+deletedAt]').filter((draft) => draft.status === 'queued').count()
    return queued - deletedQueued
  })
}

/**
 * A cheap read for the runner's live query on the queue: the number waiting, and the number of requests
 * waiting for the clerk (which hold their employee's later requests back). Only counts over small key
 * ranges, so Dexie tracks ranges and no keys, and an autosave that changes no status stays silent. (A
 * needs-attention draft whose employee the clerk changes is recounted at the next change or run.)
 */
export async function queueSignal(repo: DraftsRepository): Promise<{ waiting: number; changes: number[] }> {
  const { db } = repo
  const [waiting, ...changes] = await Promise.all([
    countWaiting(repo),
    ...WAITS_FOR_THE_CLERK.map((status) => db.drafts.where('status').equals(status).count())
  ])
  return { waiting: waiting ?? 0, changes }
}

/**
 * The earliest time a queued draft that is first in line for its employee becomes due: when the runner
 * should wake up next. Drafts held behind an uncertain or needs-attention request do not count (they
 * wait for the clerk, not for the clock). Undefined when nothing is waiting.
 */
export async function nextWakeAt(repo: DraftsRepository): Promise<EpochMs | undefined> {
  const heads = await repo.readyToSend(Number.MAX_SAFE_INTEGER)
  const times = heads.flatMap((draft) => (draft.nextAttemptAt === undefined ? [] : [draft.nextAttemptAt]))
  return times.length === 0 ? undefined : Math.min(...times)
}

/**
 * Queued drafts, in every file, held behind an earlier request for the same employee that waits for the
 * clerk (uncertain, or needing attention): they will not go until the clerk settles that one. A draft
 * behind a request that is merely queued (or being sent) is not counted: it goes by itself right after,
 * and is simply waiting to be sent. Two reads, the queued drafts and those waiting for the clerk; reads
 * whole drafts, so the runner asks it only between runs, not while thousands of drafts change state.
 */
export function countHeld(repo: DraftsRepository): Promise<number> {
  const { db } = repo
  return db.transaction('r', db.drafts, async () => {
    const [queued, stuck] = await Promise.all([
      db.drafts.where('status').equals('queued').toArray(),
      db.drafts.where('status').anyOf([...WAITS_FOR_THE_CLERK]).toArray()
    ])
    const oldestStuck = new Map<string, number>()
    for (const draft of stuck.filter(inALane)) {
      const key = laneKeyOf(draft)
      oldestStuck.set(key, Math.min(draft.seq, oldestStuck.get(key) ?? Number.POSITIVE_INFINITY))
    }
    return queued.filter((draft) => inALane(draft) && (oldestStuck.get(laneKeyOf(draft)) ?? Number.POSITIVE_INFINITY) < draft.seq).length
  })
}

/** Live drafts with an employee: only those can wait behind another request. */
const inALane = (draft: DraftRecord) => live(draft) && draft.employeeId !== undefined
