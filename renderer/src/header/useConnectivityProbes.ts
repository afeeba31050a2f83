import { useEffect } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useThrottledLiveQuery } from '../db/throttledLiveQuery'
import { useUiStore } from '../state/uiStore'

/** How often payroll is checked while requests wait to go: the header must not say Online to a queue that cannot send. */
export const QUEUED_PROBE_MS = 5_000

/**
 * Keeps the header's Online / Offline honest between requests. Main learns reachability from real
 * requests; with nothing being sent, a payroll that went away would still read "Online". So the app asks
 * main to probe when the window gains focus (the clerk is back, maybe on another network), when the
 * operating system reports a network change, and every few seconds while anything is queued.
 */
export function useConnectivityProbes(fileId: number): void {
  const { api, repo } = useAppServices()
  // Only whether anything waits matters here: a batch's every status change need not re-count at once.
  const counts = useThrottledLiveQuery(() => repo.countByStatus(fileId), [repo, fileId])
  const waiting = counts !== undefined && counts.queued + counts.sending > 0

  useEffect(() => {
    let current = true
    const probe = () => {
      void api.checkConnectivity().then((result) => {
        if (current && result.ok) useUiStore.getState().setConnectivity(result.value)
      })
    }
    window.addEventListener('focus', probe)
    window.addEventListener('online', probe)
    window.addEventListener('offline', probe)
    const timer = waiting ? setInterval(probe, QUEUED_PROBE_MS) : undefined
    return () => {
      current = false
      window.removeEventListener('focus', probe)
      window.removeEventListener('online', probe)
      window.removeEventListener('offline', probe)
      if (timer !== undefined) clearInterval(timer)
    }
  }, [api, waiting])
}
