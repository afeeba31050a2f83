import type { LeaveDeskApi } from '../../../shared/ipc'
import { teamStore } from './currentTeam'
import { pageTeamLedgerStore } from './pageTeamLedger'

/**
 * Signs that the team server may be reachable again, each of which ends replication's back-off at once
 * (teamReplication.ts, bounded there to a round a second): the computer came online, main reached the
 * network again (its connectivity monitor), a claim reached the team server. Test team server succeeding
 * calls `retryTeamNow` itself. Without them a clerk whose server came back waited up to 30 s.
 */
export function retryTeamNow(): void {
  pageTeamLedgerStore.getState().current?.ledger.retryNow()
}

export function watchForTeamServerBack(api: Pick<LeaveDeskApi, 'onConnectivityChanged'>, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onOnline = () => retryTeamNow()
  target.addEventListener('online', onOnline)
  const stopConnectivity = api.onConnectivityChanged((status) => {
    if (status.state === 'reachable') retryTeamNow()
  })
  const stopClaims = teamStore.subscribe((state, before) => {
    if (state.claimsShared && !before.claimsShared) retryTeamNow()
  })
  return () => {
    target.removeEventListener('online', onOnline)
    stopConnectivity()
    stopClaims()
  }
}
