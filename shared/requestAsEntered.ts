import type { CalendarDate } from './calendarDate'
import type { LeaveStatus } from './leaveRequestSchema'

/**
 * A leave request's own fields as a clerk gives them, in the editor or in an import row: ids are absent
 * until something is chosen, dates are '' while still empty. The days themselves are each entry path's own.
 */
export interface RequestAsEntered {
  employeeId?: number
  leaveTypePayItemId?: number
  startDate: CalendarDate | ''
  endDate: CalendarDate | ''
  leaveStatus: LeaveStatus
  notes: string
}
