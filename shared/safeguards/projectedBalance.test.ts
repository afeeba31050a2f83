import { describe, expect, it } from 'vitest'
import { projectBalance, type BalanceDraw } from './projectedBalance'

const ASOF = 1_000
const draw = (id: string, paidHours: number, more: Partial<BalanceDraw> = {}): BalanceDraw => ({
  id,
  employeeId: 11,
  leaveTypePayItemId: 501,
  leaveStatus: 'Pending',
  status: 'queued',
  paidHours,
  ...more
})
const project = (others: BalanceDraw[], thisHours = 7.6, balance = 38) =>
  projectBalance({
    balance: { name: 'Annual Leave', hours: balance },
    balanceAsOf: ASOF,
    thisRequest: { id: 'this', employeeId: 11, leaveTypePayItemId: 501, leaveStatus: 'Pending', paidHours: thisHours },
    others
  })

describe('projected balance', () => {
  it('counts a pending request with no days at its estimated hours, and says the figure is an estimate', () => {
    const result = project([draw('no days yet', 30.4, { estimated: true })])
    expect(result).toMatchObject({ committedHours: 30.4, afterHours: 0, estimated: true })
    expect(project([draw('with days', 30.4)]).estimated).toBe(false)
  })

  it('takes off two queued requests and this one: 38 − 7.6 − 10.4 − 7.6 = 12.4', () => {
    const result = project([draw('a', 7.6), draw('b', 10.4)])
    expect(result).toMatchObject({ committedHours: 18, committedCount: 2, thisHours: 7.6, afterHours: 12.4, goesNegative: false })
  })

  it('counts requests synced since the balance was fetched, not those before (already in it)', () => {
    const result = project([draw('after', 4, { status: 'synced', syncedAt: ASOF + 1, leaveStatus: 'Approved' }), draw('before', 4, { status: 'synced', syncedAt: ASOF - 1 })])
    expect(result.committedHours).toBe(4)
  })

  it('ignores plain drafts, refused ones, rejected ones, other leave types, other employees and this request itself', () => {
    const result = project([
      draw('draft', 1, { status: 'draft' }),
      draw('refused', 1, { status: 'needs-attention' }),
      draw('rejected', 1, { leaveStatus: 'Rejected' }),
      draw('sick', 1, { leaveTypePayItemId: 502 }),
      draw('other', 1, { employeeId: 12 }),
      draw('this', 1)
    ])
    expect(result.committedHours).toBe(0)
    expect(result.afterHours).toBe(30.4)
  })

  it('going below zero is flagged, with the figure', () => {
    expect(project([draw('a', 30.4)], 15.2)).toMatchObject({ afterHours: -7.6, goesNegative: true })
  })
})
