import { describe, expect, it } from 'vitest'
import { halfDayHours, standardWeek, weekHoursProblem, type WeekHours } from './workPattern'

// Monday to Wednesday 7.6 h, Thursday 4 h, Friday off.
const PART_TIME: WeekHours = [0, 7.6, 7.6, 7.6, 4, 0, 0]

describe('half days', () => {
  it("is half that day's pattern hours", () => {
    expect(halfDayHours(PART_TIME, '2026-03-05', 7.6)).toBe(2)
    expect(halfDayHours(standardWeek(7.6), '2026-03-02', 7.6)).toBe(3.8)
  })

  it('on a day the pattern has off, half the standard day', () => {
    expect(halfDayHours(PART_TIME, '2026-03-06', 7.6)).toBe(3.8)
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
