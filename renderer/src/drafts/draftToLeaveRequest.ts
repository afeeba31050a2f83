import { toApiDate, type CalendarDate } from '../../../shared/calendarDate'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import type { DraftContent } from './draftContent'

/**
 * The body a draft would be posted as. Fields the clerk has not filled yet are left out (not sent as
 * null), so `checkLeaveRequest` reports them as required and, once it passes, returns a full
 * LeaveRequestInsert. Read-only fields (Id, CreatedDateUtc, TotalHours, ProcessedInPayRunId, _links) are
 * never produced.
 */
export type DraftRequestBody = Partial<LeaveRequestInsert>

/**
 * `offsetMinutesOf` gives the UTC offset to write for each date: the offset can differ across a DST
 * change inside one leave, and the server reads the calendar date as written, so any offset is safe.
 */
export function draftToLeaveRequest(
  draft: DraftContent,
  offsetMinutesOf: (date: CalendarDate) => number
): DraftRequestBody {
  const apiDate = (date: CalendarDate) => toApiDate(date, offsetMinutesOf(date))
  const body: DraftRequestBody = { Status: draft.leaveStatus }
  if (draft.employeeId !== undefined) body.EmployeeId = draft.employeeId
  if (draft.leaveTypePayItemId !== undefined) body.LeaveTypePayItemId = draft.leaveTypePayItemId
  if (draft.startDate !== '') body.StartDate = apiDate(draft.startDate)
  if (draft.endDate !== '') body.EndDate = apiDate(draft.endDate)
  if (draft.notes.trim() !== '') body.Notes = draft.notes
  if (draft.items.length > 0) {
    body.Items = draft.items.map((item, index) => ({
      LineNumber: index + 1,
      Date: apiDate(item.date),
      Hours: item.hours,
      IsPaid: item.isPaid
    }))
  }
  return body
}

/** The machine's UTC offset on that calendar date (at local midnight), so DST changes are respected. */
export function machineOffsetMinutes(date: string): number {
  const midnight = new Date(`${date}T00:00:00`)
  return Number.isNaN(midnight.getTime()) ? -new Date().getTimezoneOffset() : -midnight.getTimezoneOffset()
}
