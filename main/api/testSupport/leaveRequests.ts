import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'

/** File 1001 of the sandbox's demo data: its first leave pay item and its first (active) employee. */
export const FILE = 1001
export const ANNUAL_LEAVE = 101
export const EMPLOYEE = 6001

export function pendingLeave(overrides: Partial<LeaveRequestInsert> = {}): LeaveRequestInsert {
  return {
    LeaveTypePayItemId: ANNUAL_LEAVE,
    EmployeeId: EMPLOYEE,
    StartDate: '2026-03-02T00:00:00+10:00',
    EndDate: '2026-03-04T00:00:00+10:00',
    Status: 'Pending',
    Notes: 'Family visit',
    ...overrides
  }
}
