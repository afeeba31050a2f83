import { payGroupName } from '../reference/employeeDetails'
import type { CachedEmployee } from '../db'
import type { CalendarRequest } from './awayByDay'

/** What the calendar shows: every leave type or one, approved and pending or one approval, a pay group or all. */
export interface CalendarFilter {
  leaveTypeId: number | 'all'
  /** 'away': approved and pending (rejected leave is nobody away); or one approval, Rejected included. */
  approval: 'away' | 'Approved' | 'Pending' | 'Rejected'
  payGroup: string | 'all'
}

export const SHOW_EVERYONE_AWAY: CalendarFilter = { leaveTypeId: 'all', approval: 'away', payGroup: 'all' }

/**
 * The employee's pay group's name when payroll gives one (reference/employeeDetails.ts); undefined
 * otherwise, and the calendar then offers no pay group filter.
 */
export function payGroupOf(employee: CachedEmployee | undefined): string | undefined {
  const name = payGroupName(employee).trim()
  return name === '' ? undefined : name
}

/** The pay groups the file's employees belong to, sorted; empty when payroll gives none. */
export function payGroupsOf(employees: readonly CachedEmployee[]): string[] {
  return [...new Set(employees.flatMap((employee) => payGroupOf(employee) ?? []))].sort((a, b) => a.localeCompare(b))
}

/** The filter as awayByDay's `keep`. */
export function keepFor(filter: CalendarFilter, employeesById: ReadonlyMap<number, CachedEmployee>): (request: CalendarRequest) => boolean {
  return (request) => {
    if (filter.approval === 'away' ? request.leaveStatus === 'Rejected' : request.leaveStatus !== filter.approval) return false
    if (filter.leaveTypeId !== 'all' && request.leaveTypePayItemId !== filter.leaveTypeId) return false
    if (filter.payGroup !== 'all') {
      const employee = request.employeeId === undefined ? undefined : employeesById.get(request.employeeId)
      if (payGroupOf(employee) !== filter.payGroup) return false
    }
    return true
  }
}
