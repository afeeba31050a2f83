import { isUnpaidLeaveType, leaveDays, refitLines, type DayRule, type HoursChoice, type LeaveDays } from '../../../shared/leaveDays'
import { standardWeek, type WeekHours } from '../../../shared/workPattern'

/**
 * Everything of a payroll file that decides a request's days besides the request itself: the file's
 * holiday region, each employee's work pattern (the standard week at the settings' hours for those
 * without one), and which leave types are unpaid. One value every entry path reads, so the same request
 * gets the same lines from the editor, One leave for many, import and paste.
 */
export interface DayRules {
  regionCode: string | undefined
  hoursPerDay: number
  patterns: ReadonlyMap<number, WeekHours>
  leaveTypeName(leaveTypePayItemId: number): string | undefined
}

export interface RequestForDays {
  employeeId?: number | undefined
  leaveTypePayItemId?: number | undefined
  startDate: string
  endDate: string
}

export function weekOf(rules: DayRules, employeeId: number | undefined): WeekHours {
  return (employeeId === undefined ? undefined : rules.patterns.get(employeeId)) ?? standardWeek(rules.hoursPerDay)
}

export function isUnpaidType(rules: DayRules, leaveTypePayItemId: number | undefined): boolean {
  return isUnpaidLeaveType(leaveTypePayItemId === undefined ? undefined : rules.leaveTypeName(leaveTypePayItemId))
}

/** The rule for one employee and leave type of this file. */
export function dayRuleOf(rules: DayRules, request: Pick<RequestForDays, 'employeeId' | 'leaveTypePayItemId'>): DayRule {
  return { week: weekOf(rules, request.employeeId), regionCode: rules.regionCode, unpaid: isUnpaidType(rules, request.leaveTypePayItemId) }
}

/** The shared calculation for one request of this file. */
export function daysOfRequest(rules: DayRules, request: RequestForDays, hours?: HoursChoice): LeaveDays {
  return leaveDays({ startDate: request.startDate, endDate: request.endDate, ...dayRuleOf(rules, request), ...(hours ? { hours } : {}) })
}

/** A request's lines fitted to its dates: lines inside kept as they are, new working days from the calculation. */
export function fitToDates<L extends { date: string; hours: number; isPaid: boolean }>(rules: DayRules, request: RequestForDays & { items: readonly L[] }): L[] {
  return refitLines(request.items, { startDate: request.startDate, endDate: request.endDate, ...dayRuleOf(rules, request) }) as L[]
}

/** A file with no region chosen and no patterns kept: Monday to Friday at the settings' hours, no holiday left out. */
export function plainDayRules(hoursPerDay: number, leaveTypeName: (id: number) => string | undefined = () => undefined): DayRules {
  return { regionCode: undefined, hoursPerDay, patterns: new Map(), leaveTypeName }
}

/** The paid hours a request would take by the calculation: the estimate for one that has no days yet. */
export function estimatedPaidHours(rules: DayRules, request: RequestForDays): number {
  const hours = daysOfRequest(rules, request).lines.filter((line) => line.isPaid).reduce((sum, line) => sum + line.hours, 0)
  return Math.round(hours * 100) / 100
}
