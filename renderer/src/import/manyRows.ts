import type { CalendarDate } from '../../../shared/calendarDate'
import type { LeaveStatus } from '../../../shared/leaveRequestSchema'
import { checkDraft } from '../drafts/checkDraft'
import type { DraftContent } from '../drafts/draftContent'
import { daysOfRequest, type DayRules } from '../safeguards/dayRules'
import type { PreviewRow } from './previewRows'

/** One leave for many employees: a site shutdown, a public-service closure. */
export interface ManyChoice {
  employeeIds: readonly number[]
  leaveTypePayItemId?: number
  startDate: CalendarDate | ''
  endDate: CalendarDate | ''
  leaveStatus: LeaveStatus
  notes: string
}

/**
 * One preview row per chosen employee, in the order chosen, each checked by the shared rules exactly as
 * an imported row is (so the same preview, the same skip, the same all-or-nothing import follow). Each
 * employee's days come from the shared calculation: their own work pattern, the file's public holidays
 * left out, unpaid for an unpaid leave type.
 */
export function manyRows(choice: ManyChoice, nameOf: (employeeId: number) => string, rules: DayRules): PreviewRow[] {
  return choice.employeeIds.map((employeeId, index) => {
    const days = daysOfRequest(rules, { employeeId, leaveTypePayItemId: choice.leaveTypePayItemId, startDate: choice.startDate, endDate: choice.endDate })
    const items = days.lines
    const content: DraftContent = {
      employeeId,
      ...(choice.leaveTypePayItemId !== undefined ? { leaveTypePayItemId: choice.leaveTypePayItemId } : {}),
      startDate: choice.startDate,
      endDate: choice.endDate,
      leaveStatus: choice.leaveStatus,
      notes: choice.notes,
      items: items.map((item) => ({ ...item }))
    }
    const issues = checkDraft(content)
    // Hours are laid on the days between the dates: while the dates are wrong, that is the only problem.
    const datesWrong = issues.some((issue) => issue.field === 'startDate' || issue.field === 'endDate')
    const problems = issues.filter((issue) => !(datesWrong && issue.field.startsWith('items'))).map((issue) => issue.message)
    if (problems.length === 0 && items.length === 0) problems.push('There are no working days between the first and last day to put hours on.')
    return {
      rowNumber: index + 1,
      content,
      problems: problems.map((problem) => `${nameOf(employeeId)}: ${problem}`),
      conflicts: [],
      holidaysLeftOut: days.holidaysLeftOut
    }
  })
}

/** Employees whose name or payroll id contains the filter (any case); leavers only when asked. */
export function employeesMatching<E extends { id: number; displayName: string; isActive: boolean }>(
  employees: readonly E[],
  filter: string,
  includeLeavers: boolean
): E[] {
  const wanted = filter.trim().toLowerCase()
  return employees.filter(
    (employee) => (includeLeavers || employee.isActive) && (wanted === '' || employee.displayName.toLowerCase().includes(wanted) || String(employee.id) === wanted)
  )
}
