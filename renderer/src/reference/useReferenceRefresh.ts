import { useCallback, useEffect, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { refreshReferenceData } from './refreshReferenceData'

export type RefreshState = { state: 'idle' | 'refreshing' } | { state: 'failed'; message: string }

export interface ReferenceRefresh {
  status: RefreshState
  refresh(): void
}

/**
 * Keeps the file's employees and leave types fresh: on opening the file, on signing in, and each time
 * payroll becomes reachable again. Offline, the cached copy is used as it is.
 */
export function useReferenceRefresh(fileId: number): ReferenceRefresh {
  const { api, repo } = useAppServices()
  const signedIn = useUiStore((s) => s.session?.state === 'signed-in')
  // 'unknown' counts as reachable: the first answer will say; only a known outage skips the fetch.
  const reachable = useUiStore((s) => s.connectivity?.state !== 'unreachable')
  const [status, setStatus] = useState<RefreshState>({ state: 'idle' })
  const [manual, setManual] = useState(0)

  useEffect(() => {
    if (!signedIn || (!reachable && manual === 0)) return
    let current = true
    setStatus({ state: 'refreshing' })
    refreshReferenceData(api, repo, fileId).then(
      (outcome) => current && setStatus(outcome.ok ? { state: 'idle' } : { state: 'failed', message: outcome.message }),
      () => current && setStatus({ state: 'failed', message: 'The employee list could not be saved on this computer.' })
    )
    return () => {
      current = false
    }
  }, [api, repo, fileId, signedIn, reachable, manual])

  const refresh = useCallback(() => setManual((n) => n + 1), [])
  return { status, refresh }
}
