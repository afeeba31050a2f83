import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectivityStatus } from '../../../shared/ipc/connectivity'
import { noteClaimsShared, setCurrentTeam } from './currentTeam'
import { pageTeamLedgerStore, type PageTeamLedger } from './pageTeamLedger'
import { watchForTeamServerBack } from './teamServerBack'

afterEach(() => {
  pageTeamLedgerStore.setState({ current: null })
  setCurrentTeam(null)
})

describe('signs that the team server may be back', () => {
  it('end the open ledger’s back-off: the computer online, main reaching the network, a claim reaching the server', () => {
    let retries = 0
    pageTeamLedgerStore.setState({ current: { fileId: 7, ledger: { retryNow: () => void (retries += 1) } } as unknown as PageTeamLedger })
    const target = new EventTarget()
    let tell: (status: ConnectivityStatus) => void = () => {}
    const stop = watchForTeamServerBack({ onConnectivityChanged: (listener) => ((tell = listener), () => {}) }, target as unknown as Window)

    target.dispatchEvent(new Event('online'))
    expect(retries).toBe(1)
    tell({ state: 'unreachable', since: 1 })
    expect(retries).toBe(1)
    tell({ state: 'reachable', since: 2 })
    expect(retries).toBe(2)
    noteClaimsShared(false)
    noteClaimsShared(true)
    expect(retries).toBe(3)

    stop()
    target.dispatchEvent(new Event('online'))
    expect(retries).toBe(3)
  })
})
