import { liveQuery } from 'dexie'
import { coalesced } from '../../../shared/primitives'
import type { QueueStore } from '../db'
import type { ProgressStore } from './syncProgressStore'

export interface QueueWatchDeps {
  queue: Pick<QueueStore, 'signal' | 'countHeld'>
  progress: ProgressStore
  /** True once the runner has been stopped. */
  stopped: () => boolean
  /** Sets the runner's wake timer for the earliest due request. */
  scheduleWake: () => Promise<unknown>
}

/**
 * Keeps the queue's size in the progress store (the panel must not say "everything has been sent"
 * while requests wait), and when it grows, because the clerk queued more, sets the wake timer so they
 * go out without waiting for another trigger. A retry put back in the queue only moves the timer to
 * its backoff, which the run's end sets anyway. Between runs it also counts the requests held behind
 * an earlier one (the live query only counts, so it stays cheap; the held ones are read outside it),
 * and when fewer are held, sets the wake timer for the ones released.
 */
export function watchQueue({ queue, progress, stopped, scheduleWake }: QueueWatchDeps): () => void {
  let last: number | undefined
  const refreshHeld = coalesced(async () => {
    // A run sets the count when it ends; meanwhile drafts change state too often to read them each time.
    if (stopped() || progress.store.getState().running) return
    const before = progress.store.getState().held
    const held = await queue.countHeld()
    progress.setHeld(held)
    // Fewer held (say, the clerk deleted the request they waited for): the released ones go now.
    if (before !== undefined && held < before && !stopped()) await scheduleWake()
  })
  /** Set on resuming: the first count after a run may show drafts queued while it ended. */
  let resumed = false
  const watch = () =>
    liveQuery(() => queue.signal()).subscribe({
      next({ waiting: count }) {
        progress.setWaiting(count)
        const grew = resumed ? count > 0 : last !== undefined && count > last
        resumed = false
        last = count
        void refreshHeld().catch(() => undefined)
        if (grew && !stopped()) void scheduleWake().catch(() => undefined)
      },
      // The database went away (the page is closing): the next run reports any real problem.
      error: () => undefined
    })
  /**
   * While a run sends, every claim changes the queue: recounting after each of those writes would cost
   * the run a read per request for a number nobody is shown (the panel shows the run's own progress, and
   * the run counts the queue when it ends). So the watch rests during a run and resumes after it.
   */
  let subscription: { unsubscribe(): void } | undefined = watch()
  const stopWatchingRuns = progress.store.subscribe((state, previous) => {
    if (state.running === previous.running) return
    if (state.running) {
      subscription?.unsubscribe()
      subscription = undefined
    } else if (!subscription && !stopped()) {
      resumed = true
      subscription = watch()
    }
  })
  return () => {
    stopWatchingRuns()
    subscription?.unsubscribe()
    subscription = undefined
  }
}
