import type { DraftRecord, DraftsRepository, EpochMs } from '../db'

/** Read-only questions the runner asks the database about the queue as a whole. */

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
 * The earliest time a queued draft that is first in line for its employee becomes due: when the runner
 * should wake up next. Drafts held behind an uncertain or needs-attention request do not count (they
 * wait for the clerk, not for the clock). Undefined when nothing is waiting.
 */
export async function nextWakeAt(repo: DraftsRepository): Promise<EpochMs | undefined> {
  const heads = await repo.readyToSend(Number.MAX_SAFE_INTEGER)
  const times = heads.flatMap((draft) => (draft.nextAttemptAt === undefined ? [] : [draft.nextAttemptAt]))
  return times.length === 0 ? undefined : Math.min(...times)
}
