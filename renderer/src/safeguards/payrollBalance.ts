import type { CalendarDate } from '../../../shared/calendarDate'
import type { CachedEmployee } from '../db'
import type { BalancesAsAt } from '../reference/balancesAsAt'

/** The balance the projection starts from, and where it comes from. */
export interface PayrollBalance {
  name: string
  hours: number
  /** When payroll gave this figure: requests it accepted later are not in it (projectBalance). */
  fetchedAt: number | undefined
  /** Set when it is payroll's figure for the leave's first day (LeaveBalanceAsAtDate). */
  asAtDay?: CalendarDate
  /** Why payroll's figure for that day is not shown, when it was asked for and could not be had. */
  dayUnavailable?: string
}

/**
 * Payroll's balance as at the leave's first day when payroll has answered for that day; otherwise the
 * cached balance (today's, as of when the employee list was fetched). Null when neither has the type.
 */
export function payrollBalanceFor(input: {
  employee: CachedEmployee
  leaveTypePayItemId: number
  cachedAsOf: number | undefined
  day: CalendarDate | ''
  asAt: BalancesAsAt | undefined
}): PayrollBalance | null {
  const { asAt, day } = input
  if (asAt?.state === 'ready' && day !== '') {
    const found = asAt.byEmployee.get(input.employee.id)?.find((b) => b.PayItemId === input.leaveTypePayItemId)
    if (found) return { name: found.Name, hours: found.Hours, fetchedAt: asAt.fetchedAt, asAtDay: day }
  }
  const cached = input.employee.leaveBalances.find((b) => b.payItemId === input.leaveTypePayItemId)
  if (!cached) return null
  return {
    name: cached.name,
    hours: cached.hours,
    fetchedAt: input.cachedAsOf,
    ...(asAt?.state === 'failed' ? { dayUnavailable: asAt.message } : {})
  }
}
