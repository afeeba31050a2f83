import { describe, expect, it } from 'vitest'
import { leaveDays } from '../../../shared/leaveDays'
import { standardWeek } from '../../../shared/workPattern'
import type { DraftContent } from './draftContent'
import { resolveConflict } from './resolveConflict'

const rule = { week: standardWeek(7.6), regionCode: 'AU-NSW', unpaid: false }
const days = (startDate: string, endDate: string) => leaveDays({ ...rule, startDate, endDate }).lines
// The version the clerk read: a pending request with no days yet.
const base: DraftContent = { employeeId: 11, leaveTypePayItemId: 501, startDate: '2026-03-02', endDate: '2026-03-06', leaveStatus: 'Pending', notes: 'Beach', items: [] }
// Meanwhile the manager approved it in payroll, with its days.
const approved: DraftContent = { ...base, leaveStatus: 'Approved', items: days('2026-03-02', '2026-03-06') }
// And the clerk moved it two days later and changed the notes.
const mine: DraftContent = { ...base, startDate: '2026-03-04', endDate: '2026-03-10', notes: 'Beach, then home' }
const fitDays = (content: DraftContent) => days(content.startDate, content.endDate).filter((line) => line.date >= content.startDate)

describe('Keep mine, field by field', () => {
  it('keeps the manager’s approval and days, and the clerk’s dates and notes: the days fitted to the new dates', () => {
    const resolved = resolveConflict(base, approved, mine, { choices: {}, fitDays })
    expect(resolved.open).toEqual([])
    expect(resolved.from).toMatchObject({ leaveStatus: 'payroll', items: 'payroll', startDate: 'mine', endDate: 'mine', notes: 'mine' })
    expect(resolved.content).toMatchObject({ leaveStatus: 'Approved', startDate: '2026-03-04', endDate: '2026-03-10', notes: 'Beach, then home' })
    expect(resolved.content.items.map((line) => line.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10'])
    expect(resolved.daysFitted).toBe(true)
  })

  it('without the day rules the manager’s days outside the new dates are dropped, never kept outside them', () => {
    const resolved = resolveConflict(base, approved, mine, { choices: {} })
    expect(resolved.content.items.map((line) => line.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06'])
  })

  it('asks where both changed the same field, and the answer decides', () => {
    const rejected = { ...mine, leaveStatus: 'Rejected' as const }
    expect(resolveConflict(base, approved, rejected, { choices: {} }).open).toEqual(['leaveStatus'])
    expect(resolveConflict(base, approved, rejected, { choices: { leaveStatus: 'payroll' } }).content.leaveStatus).toBe('Approved')
    expect(resolveConflict(base, approved, rejected, { choices: { leaveStatus: 'mine' } }).content.leaveStatus).toBe('Rejected')
  })

  it('the same change on both sides is no question', () => {
    const both = { ...mine, leaveStatus: 'Approved' as const }
    expect(resolveConflict(base, approved, both, { choices: {}, fitDays }).open).toEqual([])
  })

  it('without the version read every field that differs is asked', () => {
    expect(resolveConflict(undefined, approved, mine, { choices: {} }).open).toEqual(['startDate', 'endDate', 'leaveStatus', 'notes', 'items'])
  })
})
