import { describe, expect, it } from 'vitest'
import type { DayRules } from '../safeguards/dayRules'
import { employeesMatching, manyRows, type ManyChoice } from './manyRows'

const shutdown: ManyChoice = {
  employeeIds: [11, 12, 13],
  leaveTypePayItemId: 501,
  startDate: '2026-12-24',
  endDate: '2026-12-31',
  leaveStatus: 'Approved',
  notes: 'Site shutdown'
}
const names = new Map([
  [11, 'Aroha Ngata'],
  [12, 'Bruno Costa'],
  [13, 'Chen Wei']
])
const nameOf = (id: number) => names.get(id) ?? `Employee ${id}`
// An NSW file where Chen Wei works Monday to Thursday.
const nsw: DayRules = {
  regionCode: 'AU-NSW',
  hoursPerDay: 7.6,
  patterns: new Map([[13, [0, 7.6, 7.6, 7.6, 7.6, 0, 0] as const]]),
  leaveTypeName: (id) => (id === 501 ? 'Annual Leave' : id === 504 ? 'Unpaid Leave' : undefined)
}

describe('one leave for many', () => {
  it('makes one draft per employee, each at their own pattern, public holidays left out and named', () => {
    const rows = manyRows({ ...shutdown, endDate: '2027-01-01' }, nameOf, nsw)
    expect(rows.map((row) => [row.rowNumber, row.content.employeeId, row.problems])).toEqual([
      [1, 11, []],
      [2, 12, []],
      [3, 13, []]
    ])
    // 24 Dec 2026 is a Thursday; 25 Dec, 28 Dec (Boxing Day's substitute) and 1 Jan are NSW public holidays.
    for (const row of rows) {
      expect(row.content.items).toEqual(['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31'].map((date) => ({ date, hours: 7.6, isPaid: true })))
    }
    expect(rows[0]?.holidaysLeftOut?.map((h) => h.name)).toEqual(['Christmas Day', 'Boxing Day (substitute day)', "New Year's Day"])
    // The Mon–Thu part-timer: both Fridays are holidays anyway, not his days, so only the Monday is a holiday he is spared.
    expect(rows[2]?.holidaysLeftOut?.map((h) => h.date)).toEqual(['2026-12-28'])
    expect(rows[0]?.content.notes).toBe('Site shutdown')
  })

  it('an unpaid leave type gives unpaid days', () => {
    const rows = manyRows({ ...shutdown, leaveTypePayItemId: 504 }, nameOf, nsw)
    expect(rows.flatMap((row) => row.content.items.map((item) => item.isPaid))).not.toContain(true)
    expect(rows[0]?.content.items).toHaveLength(4)
  })

  it('checks each draft by the shared rules and says whose it is', () => {
    const rows = manyRows({ ...shutdown, employeeIds: [11], leaveTypePayItemId: undefined, endDate: '2026-12-20' }, nameOf, nsw)
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
