import { describe, expect, it } from 'vitest'
import type { CachedEmployee } from '../db'
import { awayByDay, type CalendarRequest } from './awayByDay'
import { keepFor, payGroupsOf, SHOW_EVERYONE_AWAY, type CalendarFilter } from './calendarFilter'
import { addMonths, monthGrid, moveByKey } from './monthGrid'

describe('the month grid', () => {
  it('December 2026 runs Monday 30 November to Sunday 3 January, five weeks', () => {
    const grid = monthGrid('2026-12-15')
    expect(grid.first).toBe('2026-12-01')
    expect(grid.last).toBe('2026-12-31')
    expect(grid.weeks).toHaveLength(5)
    expect(grid.weeks[0]![0]).toBe('2026-11-30')
    expect(grid.weeks.at(-1)!.at(-1)).toBe('2027-01-03')
  })

  it('keys: arrows a day or a week, PageUp/PageDown a month (kept in the shorter month), Home/End the week', () => {
    expect(moveByKey('2026-12-31', 'ArrowRight')).toBe('2027-01-01')
    expect(moveByKey('2026-12-01', 'ArrowLeft')).toBe('2026-11-30')
    expect(moveByKey('2026-12-01', 'ArrowDown')).toBe('2026-12-08')
    expect(moveByKey('2026-12-01', 'ArrowUp')).toBe('2026-11-24')
    expect(moveByKey('2027-01-31', 'PageDown')).toBe('2027-02-28')
    expect(moveByKey('2026-03-31', 'PageUp')).toBe('2026-02-28')
    expect(moveByKey('2026-12-16', 'Home')).toBe('2026-12-14')
    expect(moveByKey('2026-12-16', 'End')).toBe('2026-12-20')
    expect(moveByKey('2026-12-16', 'a')).toBeNull()
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15')
  })
})

describe('who is away each day', () => {
  const request = (id: string, employeeId: number, startDate: string, endDate: string, more: Partial<CalendarRequest> = {}): CalendarRequest => ({
    id,
    employeeId,
    leaveTypePayItemId: 501,
    status: 'queued',
    leaveStatus: 'Approved',
    startDate,
    endDate,
    items: [],
    seq: Number(id.replace(/\D/g, '')) || 0,
    ...more
  })

  it('counts the days of the lines, or every day of the dates while there are none; rejected leave is nobody away', () => {
    const days = awayByDay(
      [
        request('r1', 11, '2026-12-07', '2026-12-11', { items: [{ date: '2026-12-07' }, { date: '2026-12-09' }] }),
        request('r2', 12, '2026-12-08', '2026-12-09'),
        request('r3', 13, '2026-12-08', '2026-12-08', { leaveStatus: 'Rejected' })
      ],
      '2026-12-01',
      '2026-12-31'
    )
    expect(days.get('2026-12-07')?.map((e) => e.draftId)).toEqual(['r1'])
    expect(days.get('2026-12-08')?.map((e) => e.draftId)).toEqual(['r2'])
    expect(days.get('2026-12-09')?.map((e) => e.draftId)).toEqual(['r1', 'r2'])
    expect(days.has('2026-12-10')).toBe(false)
  })

  it('marks the same employee away twice on a day as an overlap, only on the shared days', () => {
    const days = awayByDay([request('r1', 11, '2026-12-07', '2026-12-08'), request('r2', 11, '2026-12-08', '2026-12-09', { status: 'synced' })], '2026-12-01', '2026-12-31')
    expect(days.get('2026-12-07')?.map((e) => e.overlaps)).toEqual([false])
    expect(days.get('2026-12-08')?.map((e) => [e.draftId, e.overlaps])).toEqual([
      ['r1', true],
      ['r2', true]
    ])
  })

  it('leaves out days outside the month asked for', () => {
    const days = awayByDay([request('r1', 11, '2026-11-30', '2026-12-01')], '2026-12-01', '2026-12-31')
    expect([...days.keys()]).toEqual(['2026-12-01'])
  })
})

describe('the calendar’s filters', () => {
  const request = (id: string, employeeId: number, more: Partial<CalendarRequest> = {}): CalendarRequest => ({
    id,
    employeeId,
    leaveTypePayItemId: 501,
    status: 'synced',
    leaveStatus: 'Approved',
    startDate: '2026-12-08',
    endDate: '2026-12-08',
    items: [],
    seq: Number(id.replace(/\D/g, '')) || 0,
    ...more
  })
  const employee = (id: number, payGroup?: string) =>
    ({ fileId: 1001, id, firstName: 'A', lastName: 'B', displayName: `E${id}`, isActive: true, leaveBalances: [], ...(payGroup ? { payGroup: { id: payGroup.length, name: payGroup } } : {}) }) satisfies CachedEmployee
  const requests = [
    request('r1', 11),
    request('r2', 12, { leaveStatus: 'Pending', leaveTypePayItemId: 502 }),
    request('r3', 13, { leaveStatus: 'Rejected' })
  ]
  const shown = (filter: Partial<CalendarFilter>, employees: CachedEmployee[] = []) =>
    awayByDay(requests, '2026-12-01', '2026-12-31', keepFor({ ...SHOW_EVERYONE_AWAY, ...filter }, new Map(employees.map((e) => [e.id, e]))))
      .get('2026-12-08')
      ?.map((entry) => `${entry.draftId} ${entry.leaveStatus}`) ?? []

  it('shows approved and pending leave by default, each with its approval; one approval, or the rejected ones, on request', () => {
    expect(shown({})).toEqual(['r1 Approved', 'r2 Pending'])
    expect(shown({ approval: 'Approved' })).toEqual(['r1 Approved'])
    expect(shown({ approval: 'Pending' })).toEqual(['r2 Pending'])
    expect(shown({ approval: 'Rejected' })).toEqual(['r3 Rejected'])
  })

  it('filters by leave type, and by pay group only when payroll gives employees one', () => {
    expect(shown({ leaveTypeId: 502 })).toEqual(['r2 Pending'])
    const employees = [employee(11, 'Weekly'), employee(12, 'Fortnightly'), employee(13, 'Weekly')]
    expect(payGroupsOf(employees)).toEqual(['Fortnightly', 'Weekly'])
    expect(payGroupsOf([employee(11)])).toEqual([])
    expect(shown({ payGroup: 'Fortnightly' }, employees)).toEqual(['r2 Pending'])
  })
})
