import { describe, expect, it } from 'vitest'
import {
  fillFromPattern,
  halfDayHours,
  linesChangedByClerk,
  linesOutsideRange,
  missingWorkingDays,
  refitLines,
  standardWeek,
  weekHoursProblem,
  type WeekHours
} from './workPattern'

// Monday to Wednesday 7.6 h, Thursday 4 h, Friday off.
const PART_TIME: WeekHours = [0, 7.6, 7.6, 7.6, 4, 0, 0]
const NSW_CHRISTMAS = new Map([
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  ['2027-01-01', "New Year's Day"]
])

describe('fill from a work pattern', () => {
  it('fills the standard week at the settings hours, weekends out', () => {
    expect(fillFromPattern('2026-03-06', '2026-03-09', standardWeek(7.6))).toEqual([
      { date: '2026-03-06', hours: 7.6, isPaid: true },
      { date: '2026-03-09', hours: 7.6, isPaid: true }
    ])
  })

  it('a part-timer gets 4 h on Thursday and nothing on Friday', () => {
    expect(fillFromPattern('2026-03-02', '2026-03-08', PART_TIME).map((l) => [l.date, l.hours])).toEqual([
      ['2026-03-02', 7.6],
      ['2026-03-03', 7.6],
      ['2026-03-04', 7.6],
      ['2026-03-05', 4]
    ])
  })

  it('leaves public holidays out: Christmas to New Year in NSW charges 21–24, 29–31 Dec only', () => {
    expect(fillFromPattern('2026-12-21', '2027-01-01', standardWeek(7.6), NSW_CHRISTMAS).map((l) => l.date)).toEqual([
      '2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31'
    ])
  })

  it('fills nothing for a range the rules refuse', () => {
    expect(fillFromPattern('2026-03-09', '2026-03-02', standardWeek(7.6))).toEqual([])
    expect(fillFromPattern('2026-03-02', '2027-03-02', standardWeek(7.6))).toEqual([])
    expect(fillFromPattern('', '2026-03-02', standardWeek(7.6))).toEqual([])
  })
})

describe('half days', () => {
  it("is half that day's pattern hours", () => {
    expect(halfDayHours(PART_TIME, '2026-03-05', 7.6)).toBe(2)
    expect(halfDayHours(standardWeek(7.6), '2026-03-02', 7.6)).toBe(3.8)
  })

  it('on a day the pattern has off, half the standard day', () => {
    expect(halfDayHours(PART_TIME, '2026-03-06', 7.6)).toBe(3.8)
  })
})

describe('what a refill would overwrite', () => {
  const filled = fillFromPattern('2026-03-02', '2026-03-06', standardWeek(7.6))

  it('nothing when the lines are as Fill left them', () => {
    expect(linesChangedByClerk(filled, '2026-03-02', '2026-03-06', standardWeek(7.6))).toEqual([])
  })

  it('changed hours, an unpaid line and a holiday the clerk added back', () => {
    const lines = filled.map((line, i) => (i === 1 ? { ...line, hours: 3.8 } : i === 2 ? { ...line, isPaid: false } : line))
    const holidays = new Map([['2026-03-06', 'A holiday']])
    expect(linesChangedByClerk(lines, '2026-03-02', '2026-03-06', standardWeek(7.6), holidays).map((l) => l.date)).toEqual([
      '2026-03-03', '2026-03-04', '2026-03-06'
    ])
  })
})

describe('refitting lines after the dates change', () => {
  it('drops lines outside, keeps the clerk’s hours inside, adds new working days', () => {
    const lines = [
      { date: '2026-03-02', hours: 7.6, isPaid: true },
      { date: '2026-03-03', hours: 2, isPaid: true },
      { date: '2026-03-04', hours: 7.6, isPaid: true }
    ]
    expect(linesOutsideRange(lines, '2026-03-03', '2026-03-10').map((l) => l.date)).toEqual(['2026-03-02'])
    expect(missingWorkingDays(lines, '2026-03-03', '2026-03-10', PART_TIME).map((l) => l.date)).toEqual([
      '2026-03-05', '2026-03-09', '2026-03-10'
    ])
    expect(refitLines(lines, '2026-03-03', '2026-03-10', PART_TIME)).toEqual([
      { date: '2026-03-03', hours: 2, isPaid: true },
      { date: '2026-03-04', hours: 7.6, isPaid: true },
      { date: '2026-03-05', hours: 4, isPaid: true },
      { date: '2026-03-09', hours: 7.6, isPaid: true },
      { date: '2026-03-10', hours: 7.6, isPaid: true }
    ])
  })

  it('leaves the lines alone while the new range is not a valid one', () => {
    const lines = [{ date: '2026-03-02', hours: 7.6, isPaid: true }]
    expect(refitLines(lines, '2026-03-09', '2026-03-02', PART_TIME)).toEqual(lines)
    expect(linesOutsideRange(lines, '', '2026-03-02')).toEqual([])
  })
})

describe('a pattern the clerk types', () => {
  it('is checked day by day in plain words', () => {
    expect(weekHoursProblem([0, 7.6, 7.6, 7.6, 4, 0, 0])).toBeNull()
    expect(weekHoursProblem([0, 7.6, Number.NaN, 7.6, 4, 0, 0])).toBe('Hours on Tuesday must be a number (0 for a day off).')
    expect(weekHoursProblem([0, 25, 7.6, 7.6, 4, 0, 0])).toBe('Hours on Monday cannot be more than 24.')
    expect(weekHoursProblem([0, 0, 0, 0, 0, 0, 0])).toBe('A work pattern needs at least one working day.')
    expect(weekHoursProblem([0, -1, 0, 0, 0, 0, 0])).toBe('Hours on Monday cannot be less than 0.')
  })
})
