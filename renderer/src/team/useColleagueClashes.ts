import { useMemo } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { LeaveSpan } from '../../../shared/safeguards'
import { pageTeamLedgerStore } from './pageTeamLedger'
import { colleagueClashesOf, type ColleagueClash } from './colleagueClashes'
import type { TeamRequestIndexState } from './teamRequestIndex'

const NONE: ColleagueClash[] = []
/** Stands in for the index while no ledger is open, so the hook's calls stay the same on every render. */
const NO_INDEX = createStore<TeamRequestIndexState>(() => ({ byId: new Map(), version: 0 }))

/** Colleagues' requests sharing days with `span`, live as the team ledger changes; none without a team server. */
export function useColleagueClashes(span: LeaveSpan): ColleagueClash[] {
  const ledger = useStore(pageTeamLedgerStore, (state) => state.current)
  const index = ledger?.ledger.requests
  // Moves whenever the ledger changes: the index itself is mutable, so the memo below keys on it.
  const version = useStore(index?.store ?? NO_INDEX, (state) => state.version)
  const { id, employeeId, leaveTypePayItemId, startDate, endDate, leaveStatus } = span
  return useMemo(() => {
    if (!index || !ledger || employeeId === undefined || version < 0) return NONE
    const clashes = colleagueClashesOf({ id, employeeId, leaveTypePayItemId, startDate, endDate, leaveStatus }, index.forEmployee(employeeId), ledger.ledger.databases.me.installId)
    return clashes.length === 0 ? NONE : clashes
  }, [index, ledger, version, id, employeeId, leaveTypePayItemId, startDate, endDate, leaveStatus])
}
