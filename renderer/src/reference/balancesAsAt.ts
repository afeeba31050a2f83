import type { LeaveBalance } from '../../../shared/apiSchemas'
import type { ApiResult } from '../../../shared/apiError'
import type { LeaveDeskApi } from '../../../shared/ipc'
import type { CalendarDate } from '../../../shared/calendarDate'

/**
 * Payroll's leave balances as at a day (`GET /Payroll/Employees?IncludeLeaveBalances=true&
 * LeaveBalanceAsAtDate=…`, every page), for the projected balance at a leave's start. One fetch per file
 * and day serves every employee; kept in memory for a few minutes (the live API allows one request a
 * second), never written to disk: the cached employee list keeps today's balances for offline use.
 */
export type BalancesAsAt =
  | { state: 'loading' }
  | { state: 'ready'; fetchedAt: number; byEmployee: ReadonlyMap<number, readonly LeaveBalance[]> }
  | { state: 'failed'; message: string }

export const BALANCES_AS_AT_KEEP_MS = 5 * 60_000

type ListEmployees = LeaveDeskApi['listEmployees']

export interface BalancesAsAtStore {
  /** What is known now for the file and day; undefined if never asked. */
  peek(fileId: number, day: CalendarDate): BalancesAsAt | undefined
  /** Asks payroll unless a fresh answer (or a request) is already there. */
  request(fileId: number, day: CalendarDate): void
  subscribe(listener: () => void): () => void
}

export function createBalancesAsAtStore(listEmployees: ListEmployees, now: () => number = Date.now): BalancesAsAtStore {
  const entries = new Map<string, BalancesAsAt>()
  const listeners = new Set<() => void>()
  const keyOf = (fileId: number, day: CalendarDate) => `${fileId}|${day}`
  const set = (key: string, value: BalancesAsAt) => {
    entries.set(key, value)
    for (const listener of [...listeners]) listener()
  }
  return {
    peek: (fileId, day) => entries.get(keyOf(fileId, day)),
    request(fileId, day) {
      const key = keyOf(fileId, day)
      const known = entries.get(key)
      if (known?.state === 'loading') return
      if (known?.state === 'ready' && now() - known.fetchedAt < BALANCES_AS_AT_KEEP_MS) return
      set(key, { state: 'loading' })
      void listEmployees(fileId, { leaveBalanceAsAt: day })
        .catch((): ApiResult<never> => ({ ok: false, error: { code: 'internal', message: 'The balances could not be asked for.' } }))
        .then((answer) => {
          if (!answer.ok) return set(key, { state: 'failed', message: answer.error.message })
          const byEmployee = new Map(answer.value.map((employee) => [employee.Id, employee.LeaveBalances ?? []]))
          set(key, { state: 'ready', fetchedAt: now(), byEmployee })
        })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
