import { describe, expect, it } from 'vitest'
import { fillWeekdayItems } from './fillWeekdayItems'

describe('fillWeekdayItems', () => {
  it('fills Friday to Tuesday with Friday, Monday and Tuesday, skipping the weekend, paid by default', () => {
    expect(fillWeekdayItems('2026-03-06', '2026-03-10', 7.6)).toEqual([
      { date: '2026-03-06', hours: 7.6, isPaid: true },
      { date: '2026-03-09', hours: 7.6, isPaid: true },
      { date: '2026-03-10', hours: 7.6, isPaid: true }
    ])
  })

  it('fills a single weekday with one line', () => {
    expect(fillWeekdayItems('2026-03-04', '2026-03-04', 8)).toEqual([{ date: '2026-03-04', hours: 8, isPaid: true }])
  })

  it('gives nothing for a single Saturday', () => {
    expect(fillWeekdayItems('2026-03-07', '2026-03-07', 8)).toEqual([])
  })

  it('fills a whole month across its end (10 weekdays from Mon 23 Feb to Fri 6 Mar)', () => {
    const items = fillWeekdayItems('2026-02-23', '2026-03-06', 7.6)
    expect(items.map((item) => item.date)).toEqual([
      '2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27',
      '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'
    ])
  })

  it.each([
    ['an empty start', '', '2026-03-06'],
    ['an invalid end', '2026-03-02', '2026-02-30'],
    ['an end before the start', '2026-03-06', '2026-03-02'],
    ['a span longer than the rules allow (mistyped year)', '2026-03-02', '2027-03-02']
  ])('gives nothing for %s', (_label, start, end) => {
    expect(fillWeekdayItems(start, end, 7.6)).toEqual([])
  })
})
