import type { TeamRequestDoc } from '../teamRequestDoc'

/** Olivia's 7–8 December annual leave as clerk A's Leave Desk publishes it. */
export const OLIVIA_DEC: TeamRequestDoc = {
  _id: 'request:install-a:draft-1',
  type: 'request',
  fileId: 7,
  draftId: 'draft-1',
  employeeId: 1001,
  employeeName: 'Olivia Brown',
  leaveTypePayItemId: 11,
  leaveTypeName: 'Annual leave',
  startDate: '2026-12-07',
  endDate: '2026-12-08',
  items: [
    { date: '2026-12-07', hours: 7.6, isPaid: true },
    { date: '2026-12-08', hours: 7.6, isPaid: true }
  ],
  leaveStatus: 'Pending',
  state: 'in-payroll',
  serverId: 501,
  enteredBy: { installId: 'install-a', clerkName: 'ana at FRONT-DESK-1' },
  enteredAt: 1_796_000_000_000,
  changedBy: { installId: 'install-a', clerkName: 'ana at FRONT-DESK-1' },
  changedAt: 1_796_000_000_000
}
