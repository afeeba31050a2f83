import { useEffect, useState } from 'react'
import type { EpochMs } from '../db'
import { subscribeThrottled } from './syncProgressStore'
import type { SyncProgress, SyncRunner } from './syncTypes'

/**
 * React's view of the runner's vanilla progress store: re-renders when the progress changes, but for
 * the counts of a run in progress a few times a second (subscribeThrottled), not once per request sent
 * and once per answer, which kept the page's main thread (and the clerk's typing) busy during a batch.
 */
export function useSyncProgress(runner: Pick<SyncRunner, 'progress'>): SyncProgress {
  const store = runner.progress
  const [shown, setShown] = useState(() => ({ store, progress: store.getState() }))
  useEffect(() => {
    const now = store.getState()
    setShown((current) => (current.store === store && current.progress === now ? current : { store, progress: now }))
    return subscribeThrottled(store, (progress) => setShown({ store, progress }))
  }, [store])
  // Another runner's store (a file switch): its progress now, until the effect subscribes to it.
  return shown.store === store ? shown.progress : store.getState()
}

/**
 * The time, for the estimate: moves on each second while `running`, so "about 40 s left" keeps counting
 * down (and grows during a stall) between two requests finishing.
 */
export function useNowWhile(running: boolean, now: () => EpochMs = Date.now): EpochMs {
  const [time, setTime] = useState(now)
  useEffect(() => {
    if (!running) return
    setTime(now())
    const interval = setInterval(() => setTime(now()), 1_000)
    return () => clearInterval(interval)
  }, [running, now])
  return time
}
