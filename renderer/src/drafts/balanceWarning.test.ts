import { describe, expect, it } from 'vitest'
import { balanceWarning, type EmployeeBalances } from './balanceWarning'
import type { DraftContent, DraftItem } from './draftContent'
import { totalHours } from './totalHours'

const ANNUAL = 501
const aroha: EmployeeBalances = { leaveBalances: [{ payItemId: ANNUAL, name: 'Annual Leave', hours: 38 }] }

const days = (hours: number[], isPaid = true): DraftItem[] =>
  hours.map((h, i) => ({ date: `2026-03-0${i + 2}`, hours: h, isPaid }))

const draft = (items: DraftItem[], overrides: Partial<DraftContent> = {}) => ({
  leaveTypePayItemId: ANNUAL,
  leaveStatus: 'Approved' as const,
  items,
  ...overrides
})

describe('balanceWarning', () => {
  it('stays quiet when the request uses exactly the balance (7.6 × 5 = 38, without float noise)', () => {
    expect(balanceWarning(draft(days([7.6, 7.6, 7.6, 7.6, 7.6])), aroha)).toBeNull()
  })

  it('warns as soon as the request goes over the balance', () => {
    expect(balanceWarning(draft(days([7.6, 7.6, 7.6, 7.6, 7.7])), aroha)).toEqual({
      leaveTypeName: 'Annual Leave',
      requestedHours: 38.1,
      balanceHours: 38,
      message: 'This request takes 38.1 paid hours of Annual Leave, but the balance is 38 hours.'
    })
  })

  it('does not count unpaid lines against the balance', () => {
    expect(balanceWarning(draft([...days([8, 8, 8, 8]), ...days([8], false)]), aroha)).toBeNull()
  })

  it('says nothing for a rejected request, an unknown balance or an unknown employee', () => {
    const tooMuch = days([24, 24])
    expect(balanceWarning(draft(tooMuch, { leaveStatus: 'Rejected' }), aroha)).toBeNull()
    expect(balanceWarning(draft(tooMuch, { leaveTypePayItemId: 999 }), aroha)).toBeNull()
    expect(balanceWarning(draft(tooMuch), undefined)).toBeNull()
    expect(balanceWarning(draft(tooMuch), {})).toBeNull()
  })
})

describe('totalHours', () => {
  it('adds every line, paid or not, rounded as the server does', () => {
    expect(totalHours({ items: [...days([0.1, 0.2]), ...days([4], false)] })).toBe(4.3)
  })

  it('counts a half-typed hours field as nothing rather than breaking the total', () => {
    expect(totalHours({ items: days([7.6, Number.NaN]) })).toBe(7.6)
  })
})
