import { useEffect, useState } from 'react'
import type { SyncRunner } from './syncTypes'

/** How often an uncertain request asks main whether its earlier request is still out. */
export const IN_FLIGHT_POLL_MS = 2_000

/**
 * While `asking` (the request is uncertain), whether main still has an earlier request of it on its way
 * to payroll; asked again every couple of seconds until it is not, each time recording any late answer.
 */
export function useEarlierRequestInFlight(runner: Pick<SyncRunner, 'earlierRequestInFlight'>, draftId: string, asking: boolean): boolean {
  const [inFlight, setInFlight] = useState(false)
  useEffect(() => {
    if (!asking) {
      setInFlight(false)
      return
    }
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async () => {
      const out = await runner.earlierRequestInFlight(draftId).catch(() => true)
      if (cancelled) return
      setInFlight(out)
      if (out) timer = setTimeout(() => void ask(), IN_FLIGHT_POLL_MS)
    }
    void ask()
    return () => {
      cancelled = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [runner, draftId, asking])
  return inFlight
}
