import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { duplicateKey, findClashes, findExactDuplicates, findOverlaps, sharedDays, type LeaveSpan } from './leaveOverlaps'

const span = (id: string, employeeId: number, startDate: string, endDate: string, more: Partial<LeaveSpan> = {}): LeaveSpan => ({
  id,
  employeeId,
  leaveTypePayItemId: 501,
  startDate,
  endDate,
  ...more
})

describe('overlaps', () => {
  const stored = [
    span('synced-8-9', 11, '2026-12-08', '2026-12-09', { leaveStatus: 'Approved' }),
    span('other-employee', 12, '2026-12-01', '2026-12-31'),
    span('later', 11, '2026-12-20', '2026-12-24')
  ]

  it('marks a request sharing days with the same employee’s other request, naming the shared days', () => {
    const clashes = findOverlaps([span('new', 11, '2026-12-07', '2026-12-08', { leaveTypePayItemId: 502 })], stored)
    expect(clashes.map((c) => [c.other.id, c.from, c.to, c.exact])).toEqual([['synced-8-9', '2026-12-08', '2026-12-08', false]])
  })

  it('days that only touch at the edge overlap; the next day does not', () => {
    expect(sharedDays(span('a', 1, '2026-12-01', '2026-12-05'), span('b', 1, '2026-12-05', '2026-12-09'))).toEqual({ from: '2026-12-05', to: '2026-12-05' })
    expect(sharedDays(span('a', 1, '2026-12-01', '2026-12-05'), span('b', 1, '2026-12-06', '2026-12-09'))).toBeNull()
  })

  it('ignores other employees, the request itself, rejected requests and requests with no dates yet', () => {
    const clashes = findClashes(
      [span('later', 11, '2026-12-20', '2026-12-24'), span('blank', 11, '', '')],
      [...stored, span('rejected', 11, '2026-12-21', '2026-12-21', { leaveStatus: 'Rejected' })]
    )
    expect(clashes).toEqual([])
  })
})

describe('exact duplicates', () => {
  it('same employee, leave type and dates is a duplicate; another leave type on the same dates is an overlap', () => {
    const stored = [span('queued', 11, '2026-12-08', '2026-12-09'), span('sick', 11, '2026-12-08', '2026-12-09', { leaveTypePayItemId: 502 })]
    const proposed = [span('copy', 11, '2026-12-08', '2026-12-09')]
    expect(findExactDuplicates(proposed, stored).map((c) => c.other.id)).toEqual(['queued'])
    expect(findOverlaps(proposed, stored).map((c) => c.other.id)).toEqual(['sick'])
  })

  it('within a proposed list (an import), the later row is reported against the earlier one, once', () => {
    const rows = [span('row-1', 11, '2026-12-08', '2026-12-09'), span('row-2', 11, '2026-12-08', '2026-12-09')]
    const clashes = findExactDuplicates(rows, [])
    expect(clashes.map((c) => [c.request.id, c.other.id, c.otherIsProposed])).toEqual([['row-2', 'row-1', true]])
  })

  it('a stored request that is also proposed is compared as the proposed one', () => {
    const a = span('a', 11, '2026-12-08', '2026-12-09')
    const b = span('b', 11, '2026-12-08', '2026-12-09')
    expect(findExactDuplicates([a, b], [a, b]).map((c) => [c.request.id, c.other.id])).toEqual([['b', 'a']])
  })

  it('the key that a confirmation is remembered against changes with any of the four', () => {
    expect(duplicateKey(span('a', 11, '2026-12-08', '2026-12-09'))).toBe('11|501|2026-12-08|2026-12-09')
    expect(duplicateKey(span('a', 11, '', '2026-12-09'))).toBeNull()
  })
})

describe('the fast path agrees with comparing every pair', () => {
  const date = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`)
  const arbSpan = (prefix: string) =>
    fc.record({
      id: fc.integer({ min: 0, max: 30 }).map((n) => `${prefix}${n}`),
      employeeId: fc.integer({ min: 1, max: 3 }),
      leaveTypePayItemId: fc.constantFrom(501, 502),
      startDate: date,
      endDate: date
    })

  it('for random lists', () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbSpan('p'), { selector: (s) => s.id, maxLength: 12 }), fc.uniqueArray(arbSpan('s'), { selector: (s) => s.id, maxLength: 20 }), (proposed, stored) => {
        const fast = findClashes(proposed, stored).map((c) => `${c.request.id}>${c.other.id}`).sort()
        const slow: string[] = []
        proposed.forEach((request, i) => {
          for (const other of stored) if (sharedDays(request, other)) slow.push(`${request.id}>${other.id}`)
          for (const other of proposed.slice(0, i)) if (sharedDays(request, other)) slow.push(`${request.id}>${other.id}`)
        })
        expect(fast).toEqual(slow.sort())
      })
    )
  })
})
