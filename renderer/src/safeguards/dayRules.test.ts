import { describe, expect, it } from 'vitest'
import { estimatedPaidHours, type DayRules } from './dayRules'

const nsw: DayRules = {
  regionCode: 'AU-NSW',
  hoursPerDay: 7.6,
  patterns: new Map([[12, [0, 7.6, 7.6, 7.6, 6, 0, 0] as const]]),
  leaveTypeName: (id) => (id === 504 ? 'Unpaid Leave' : 'Annual Leave')
}
const christmas = { startDate: '2026-12-24', endDate: '2027-01-01' }

describe('the estimate of a request with no days yet', () => {
  it('is the paid hours the shared calculation gives its dates: holidays out, the pattern’s hours, nothing for unpaid', () => {
    expect(estimatedPaidHours(nsw, { ...christmas, employeeId: 11, leaveTypePayItemId: 501 })).toBe(30.4)
    expect(estimatedPaidHours(nsw, { ...christmas, employeeId: 12, leaveTypePayItemId: 501 })).toBe(27.2)
    expect(estimatedPaidHours(nsw, { ...christmas, employeeId: 11, leaveTypePayItemId: 504 })).toBe(0)
  })
})
