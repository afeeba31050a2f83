import type { CachedEmployee } from '../db'
import { localDateTime } from './localTimes'
import { toCsv } from './toCsv'

export const BALANCES_HEADER = ['Employee', 'Employee payroll id', 'Active', 'Leave type', 'Leave type payroll id', 'Hours', 'As of (this computer’s time)'] as const

/** One line per employee and leave balance, as the app last fetched them from payroll (`asOf`). */
export function balancesCsv(employees: readonly CachedEmployee[], asOf: number | undefined): string {
  const when = asOf === undefined ? 'never updated' : localDateTime(asOf)
  const rows = employees.flatMap((employee) =>
    employee.leaveBalances.map((balance) => [employee.displayName, employee.id, employee.isActive ? 'yes' : 'no', balance.name, balance.payItemId, balance.hours, when])
  )
  return toCsv(BALANCES_HEADER, rows)
}
