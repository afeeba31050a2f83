import type { LeaveRequestRecord } from '../../../../shared/leaveRequestSchema'
import type { DraftRecord } from '../records'

/**
 * Payroll's record of a synced draft as GET would answer it (dates in the sandbox's normalised form,
 * absent notes as null), with `changes` applied: what another user in payroll might have done.
 */
export function payrollRecordOf(draft: DraftRecord, changes: Partial<LeaveRequestRecord> = {}): LeaveRequestRecord {
  if (draft.serverId === undefined || draft.employeeId === undefined || draft.leaveTypePayItemId === undefined) {
    throw new Error('Only a draft in payroll has a payroll record.')
  }
  return {
    Id: draft.serverId,
    EmployeeId: draft.employeeId,
    LeaveTypePayItemId: draft.leaveTypePayItemId,
    StartDate: `${draft.startDate}T00:00:00`,
    EndDate: `${draft.endDate}T00:00:00`,
    Status: draft.leaveStatus,
    Notes: draft.notes === '' ? null : draft.notes,
    Items: draft.items.map((item, index) => ({ LineNumber: index + 1, Date: `${item.date}T00:00:00`, Hours: item.hours, IsPaid: item.isPaid })),
    CreatedDateUtc: '2026-03-01T00:00:00Z',
    LastModifiedDateUtc: draft.lastModifiedDateUtc ?? '2026-03-01T00:00:00Z',
    TotalHours: draft.items.reduce((sum, item) => sum + item.hours, 0),
    _links: [],
    ...changes
  }
}
