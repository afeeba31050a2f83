import { useMemo } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { BalanceDraw } from '../../../shared/safeguards'
import { pageTeamLedgerStore } from './pageTeamLedger'
import type { LedgerRequest, TeamRequestIndexState } from './teamRequestIndex'

/**
 * Colleagues' requests as draws on an employee's balance, for the projected balance: one in payroll
 * counts from when it was entered (the shared rule leaves out what payroll accepted before the balance
 * was fetched), one that may be in payroll counts as this computer's Uncertain requests do.
 */
export function colleagueBalanceDraws(requests: readonly LedgerRequest[], myInstallId: string): BalanceDraw[] {
  return requests
    .filter((request) => request.enteredBy.installId !== myInstallId)
    .map((request) => ({
      id: request._id,
      employeeId: request.employeeId,
      leaveTypePayItemId: request.leaveTypePayItemId,
      leaveStatus: request.leaveStatus,
      status: request.state === 'uncertain' ? 'uncertain' : 'synced',
      paidHours: Math.round(request.items.reduce((sum, item) => sum + (item.isPaid ? item.hours : 0), 0) * 100) / 100,
      syncedAt: request.enteredAt
    }))
}

const NONE: BalanceDraw[] = []
const NO_INDEX = createStore<TeamRequestIndexState>(() => ({ byId: new Map(), version: 0 }))

/** Live: an employee's colleagues' draws; none without a team server. */
export function useColleagueBalanceDraws(employeeId: number | undefined): BalanceDraw[] {
  const current = useStore(pageTeamLedgerStore, (state) => state.current)
  const index = current?.ledger.requests
  const version = useStore(index?.store ?? NO_INDEX, (state) => state.version)
  return useMemo(() => {
    if (!index || !current || employeeId === undefined || version < 0) return NONE
    const draws = colleagueBalanceDraws(index.forEmployee(employeeId), current.ledger.databases.me.installId)
    return draws.length === 0 ? NONE : draws
  }, [index, current, version, employeeId])
}
