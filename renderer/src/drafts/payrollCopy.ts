import { calendarDateOf, type CalendarDate } from '../../../shared/calendarDate'
import type { LeaveRequestRecord } from '../../../shared/leaveRequestSchema'
import type { DraftRecord, EpochMs, PayrollCopy } from '../db/records'
import type { DraftContent, DraftItem } from './draftContent'

/**
 * Payroll's record in the editor's terms: calendar dates as written (never an instant), absent notes as
 * '', lines in date order, a line's pay run kept so the editor can lock it. Fields payroll sets itself
 * (Id, CreatedDateUtc, TotalHours, LineNumber, _links) are not content.
 */
export function payrollContentOf(record: LeaveRequestRecord): DraftContent {
  const items: DraftItem[] = (record.Items ?? []).map((item) => {
    const line: DraftItem = { date: calendarDateOrEmpty(item.Date), hours: item.Hours, isPaid: item.IsPaid ?? true }
    if (typeof item.ProcessedInPayRunId === 'number') line.processedInPayRunId = item.ProcessedInPayRunId
    return line
  })
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return {
    employeeId: record.EmployeeId,
    leaveTypePayItemId: record.LeaveTypePayItemId,
    startDate: calendarDateOrEmpty(record.StartDate),
    endDate: calendarDateOrEmpty(record.EndDate),
    leaveStatus: record.Status,
    notes: record.Notes ?? '',
    items
  }
}

function calendarDateOrEmpty(value: string): CalendarDate | '' {
  return calendarDateOf(value) ?? ''
}

/** Payroll's copy as read (GET) at `readAt`. */
export function payrollCopyOf(record: LeaveRequestRecord, readAt: EpochMs): PayrollCopy {
  return { content: payrollContentOf(record), lastModifiedDateUtc: record.LastModifiedDateUtc, readAt }
}

/** Just the content fields of a draft, items copied, so a copy never shares arrays with the record. */
export function contentOf(draft: DraftContent): DraftContent {
  const content: DraftContent = {
    startDate: draft.startDate,
    endDate: draft.endDate,
    leaveStatus: draft.leaveStatus,
    notes: draft.notes,
    items: draft.items.map((item) => ({ ...item }))
  }
  if (draft.employeeId !== undefined) content.employeeId = draft.employeeId
  if (draft.leaveTypePayItemId !== undefined) content.leaveTypePayItemId = draft.leaveTypePayItemId
  return content
}

/**
 * The copy a change is based on. Records synced before Leave Desk could update requests have none: their
 * own content is what payroll accepted, at the version its answer named. Without that version (or the
 * Id) the change could not carry the concurrency check, so the clerk must refresh first: null.
 */
export function payrollCopyOfRecord(draft: DraftRecord): PayrollCopy | null {
  if (draft.inPayroll) return draft.inPayroll
  if (draft.serverId === undefined || draft.lastModifiedDateUtc === undefined || draft.lastModifiedDateUtc === '') return null
  return { content: contentOf(draft), lastModifiedDateUtc: draft.lastModifiedDateUtc, readAt: draft.syncedAt ?? draft.updatedAt }
}

/**
 * The changes that make a record hold what payroll holds (`copy`): payroll's content and version, as
 * payroll's copy, with no other version beside it and nothing wrong. Never the clerk's older content: a
 * later Edit would send it over payroll's newer version.
 */
export function holdingPayrollsCopy(copy: PayrollCopy, now: EpochMs): Partial<DraftRecord> {
  return {
    ...copy.content,
    inPayroll: copy,
    payrollChanged: undefined,
    lastModifiedDateUtc: copy.lastModifiedDateUtc,
    lastError: undefined,
    updatedAt: now
  }
}
