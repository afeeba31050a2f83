import { describe, expect, it } from 'vitest'
import { formatAsOf, formatDate, formatDateRange, formatWeekday, formatHours } from './formatting'

describe('formatDateRange', () => {
  it.each([
    ['2026-03-02', '2026-03-06', '2 – 6 Mar 2026'],
    ['2026-02-27', '2026-03-03', '27 Feb – 3 Mar 2026'],
    ['2026-12-28', '2027-01-02', '28 Dec 2026 – 2 Jan 2027'],
    ['2026-03-04', '2026-03-04', '4 Mar 2026'],
    ['2026-03-06', '2026-03-02', '6 Mar 2026 – 2 Mar 2026'],
    ['2026-03-02', '', 'from 2 Mar 2026'],
    ['', '2026-03-02', 'until 2 Mar 2026'],
    ['', '', 'No dates yet']
  ])('%s to %s reads "%s"', (start, end, expected) => {
    expect(formatDateRange(start, end)).toBe(expected)
  })
})

describe('formatDate and formatWeekday', () => {
  it('write the calendar date as entered, with no time-zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026')
    expect(formatWeekday('2026-03-02')).toBe('Mon')
  })
  it('say nothing for a date not entered or impossible', () => {
    expect(formatDate('')).toBe('')
    expect(formatWeekday('2026-02-30')).toBe('')
  })
})

describe('formatAsOf', () => {
  const now = new Date(2026, 2, 12, 15, 0).getTime()
  it('names today and yesterday, and gives the date for anything older', () => {
    expect(formatAsOf(new Date(2026, 2, 12, 14, 5).getTime(), now)).toBe('14:05 today')
    expect(formatAsOf(new Date(2026, 2, 11, 9, 30).getTime(), now)).toBe('09:30 yesterday')
    expect(formatAsOf(new Date(2026, 2, 2, 8, 0).getTime(), now)).toBe('08:00, 2 Mar 2026')
  })
})

describe('formatHours', () => {
  it('keeps two decimals at most and counts a half-typed value as nothing', () => {
    expect(formatHours(7.6)).toBe('7.6 h')
    expect(formatHours(0.1 + 0.2)).toBe('0.3 h')
    expect(formatHours(Number.NaN)).toBe('0 h')
  })
})
