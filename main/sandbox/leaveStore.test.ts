import { describe, expect, it } from 'vitest'
import { LeaveStore, type LeaveSnapshot } from './leaveStore'

describe('a data file written while contacts carried an employee flag', () => {
  it('is read with the seeded contacts, employees and pay groups, keeping its leave requests and balances', () => {
    const written = new LeaveStore(() => Date.UTC(2026, 2, 2, 9))
    const record = written.insert(1001, {
      LeaveTypePayItemId: 101,
      EmployeeId: 6001,
      StartDate: '2026-03-02',
      EndDate: '2026-03-02',
      Status: 'Approved',
      Items: [{ Date: '2026-03-02', Hours: 7.6, IsPaid: true }]
    })
    const snapshot = JSON.parse(JSON.stringify(written.state())) as LeaveSnapshot
    // The old shape: an IsEmployee flag on each contact, and no employees or pay groups of their own.
    for (const file of Object.values(snapshot.files) as unknown as Record<string, unknown>[]) {
      delete file.employees
      delete file.payGroups
      file.contacts = (file.contacts as object[]).map((contact) => ({ ...contact, IsEmployee: true }))
    }

    const read = new LeaveStore(() => Date.UTC(2026, 2, 3))
    read.restore(snapshot)

    expect(read.employees(1001)).toHaveLength(24)
    expect(read.employees(1001)[0]).toMatchObject({ Id: 6001, PayGroupName: 'Front of house' })
    expect(read.contacts(1001).some((contact) => 'IsEmployee' in contact)).toBe(false)
    expect(read.leaveRequest(1001, record.Id)).toEqual(record)
    const annual = (store: LeaveStore) => store.employees(1001, { withBalances: true })[0]?.LeaveBalances?.find((b) => b.PayItemId === 101)?.Hours
    expect(annual(read)).toBe(annual(written))
  })
})
