import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { EpochMs } from '../db'
import type { SyncProgress, SyncRunner } from './syncTypes'

/** React's view of the runner's vanilla progress store: re-renders when the progress changes. */
export function useSyncProgress(runner: Pick<SyncRunner, 'progress'>): SyncProgress {
  return useStore(runner.progress)
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
