import { useMemo } from 'react'
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { CalendarRequest } from '../calendar/awayByDay'
import { pageTeamLedgerStore } from './pageTeamLedger'
import type { LedgerRequest, TeamRequestIndexState } from './teamRequestIndex'

/**
 * Colleagues' requests as the calendar (and any view reading CalendarRequest) shows them: in payroll or
 * possibly so, never this install's own (they are its drafts already), each saying who entered it.
 */
export function colleagueCalendarRequests(requests: Iterable<LedgerRequest>, myInstallId: string, first: string, last: string): CalendarRequest[] {
  const shown: CalendarRequest[] = []
  for (const request of requests) {
    if (request.enteredBy.installId === myInstallId || request.endDate < first || request.startDate > last) continue
    shown.push({
      id: request._id,
      employeeId: request.employeeId,
      leaveTypePayItemId: request.leaveTypePayItemId,
      status: request.state === 'uncertain' ? 'uncertain' : 'synced',
      leaveStatus: request.leaveStatus,
      startDate: request.startDate,
      endDate: request.endDate,
      items: request.items,
      // After this computer's own requests of the day.
      seq: Number.MAX_SAFE_INTEGER,
      colleague: {
        clerkName: request.enteredBy.clerkName,
        enteredAt: request.enteredAt,
        startDate: request.startDate,
        endDate: request.endDate,
        ...(request.serverId === undefined ? {} : { serverId: request.serverId })
      }
    })
  }
  return shown
}

const NONE: CalendarRequest[] = []
const NO_INDEX = createStore<TeamRequestIndexState>(() => ({ byId: new Map(), version: 0 }))

/** Live: colleagues' requests between two dates; none without a team server. */
export function useColleagueCalendarRequests(first: string, last: string): CalendarRequest[] {
  const current = useStore(pageTeamLedgerStore, (state) => state.current)
  const index = current?.ledger.requests
  const version = useStore(index?.store ?? NO_INDEX, (state) => state.version)
  return useMemo(() => {
    if (!index || !current || version < 0) return NONE
    return colleagueCalendarRequests(index.store.getState().byId.values(), current.ledger.databases.me.installId, first, last)
  }, [index, current, version, first, last])
}
