import { describe, expect, it } from 'vitest'
import { employeesMatching, manyRows, type ManyChoice } from './manyRows'

const shutdown: ManyChoice = {
  employeeIds: [11, 12, 13],
  leaveTypePayItemId: 501,
  startDate: '2026-12-24',
  endDate: '2026-12-31',
  leaveStatus: 'Approved',
  hoursPerDay: 7.6,
  notes: 'Site shutdown'
}
const names = new Map([
  [11, 'Aroha Ngata'],
  [12, 'Bruno Costa'],
  [13, 'Chen Wei']
])
const nameOf = (id: number) => names.get(id) ?? `Employee ${id}`

describe('one leave for many', () => {
  it('makes one draft per employee, the weekdays filled at the hours given', () => {
    const rows = manyRows(shutdown, nameOf)
    expect(rows.map((row) => [row.rowNumber, row.content.employeeId, row.problems])).toEqual([
      [1, 11, []],
      [2, 12, []],
      [3, 13, []]
    ])
    // 24 Dec 2026 is a Thursday: Thu, Fri, then Mon–Thu the week after.
    expect(rows[0]?.content.items.map((item) => item.date)).toEqual(['2026-12-24', '2026-12-25', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31'])
    expect(rows[0]?.content.notes).toBe('Site shutdown')
  })

  it('checks each draft by the shared rules and says whose it is', () => {
    const rows = manyRows({ ...shutdown, employeeIds: [11], leaveTypePayItemId: undefined, endDate: '2026-12-20' }, nameOf)
    expect(rows[0]?.problems).toEqual(['Aroha Ngata: Choose a leave type.', 'Aroha Ngata: End date must be on or after the start date.'])
  })

  it('filters employees by name or payroll id, leavers only when asked', () => {
    const employees = [
      { id: 11, displayName: 'Aroha Ngata', isActive: true },
      { id: 12, displayName: 'Bruno Costa', isActive: true },
      { id: 13, displayName: 'Chen Wei', isActive: false }
    ]
    expect(employeesMatching(employees, '', false).map((e) => e.id)).toEqual([11, 12])
    expect(employeesMatching(employees, 'CO', false).map((e) => e.id)).toEqual([12])
    expect(employeesMatching(employees, '13', true).map((e) => e.id)).toEqual([13])
    expect(employeesMatching(employees, 'chen', false)).toEqual([])
  })
})
