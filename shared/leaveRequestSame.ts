import { calendarDateOf, timestampOf } from './calendarDate'
import type { LeaveRequestInsert, LeaveRequestRecord } from './leaveRequestSchema'

/**
 * Whether payroll's record holds what a request sent: the question the queue asks after a PUT whose
 * answer was lost. By content, never by timestamps alone (another change could have come in between):
 * dates as calendar dates (payroll normalises the form), absent / null / '' notes alike, lines by day
 * with their hours and paid flag. Fields payroll sets itself (ProcessedInPayRunId, LineNumber,
 * TotalHours, CreatedDateUtc, _links) do not count.
 */
export function holdsWhatWasSent(sent: LeaveRequestInsert, record: LeaveRequestRecord): boolean {
  return (
    sent.EmployeeId === record.EmployeeId &&
    sent.LeaveTypePayItemId === record.LeaveTypePayItemId &&
    sent.Status === record.Status &&
    sameCalendarDate(sent.StartDate, record.StartDate) &&
    sameCalendarDate(sent.EndDate, record.EndDate) &&
    (sent.Notes ?? '') === (record.Notes ?? '') &&
    sameLines(sent.Items ?? [], record.Items ?? [])
  )
}

function sameCalendarDate(a: string, b: string): boolean {
  const left = calendarDateOf(a)
  return left !== null && left === calendarDateOf(b)
}

type Line = { Date: string; Hours: number; IsPaid?: boolean | undefined }

const lineKey = (line: Line) => `${calendarDateOf(line.Date) ?? `?${line.Date}`}|${line.Hours}|${line.IsPaid ?? true}`

function sameLines(sent: readonly Line[], held: readonly Line[]): boolean {
  if (sent.length !== held.length) return false
  const left = sent.map(lineKey).sort()
  const right = held.map(lineKey).sort()
  return left.every((key, index) => key === right[index])
}

/**
 * Whether two LastModifiedDateUtc values name the same version: the same text, or the same instant
 * written another way (`…Z` and no offset both mean UTC).
 */
export function sameVersion(a: string, b: string): boolean {
  if (a === b) return true
  const left = timestampOf(a)
  return left !== null && left === timestampOf(b)
}
