import { describe, expect, it } from 'vitest'
import { addDays, calendarDateOf, datesInRange, daysBetween, normalisedApiDate, timestampOf, toApiDate, weekdayOf } from './calendarDate'

describe('calendarDateOf', () => {
  it.each([
    ['2026-03-02', '2026-03-02'],
    ['2026-03-02T00:00:00', '2026-03-02'],
    ['2026-03-02T00:00:00.1234567', '2026-03-02'],
    ['2026-03-02T00:00:00Z', '2026-03-02'],
    ['2026-03-02T23:30:00-05:00', '2026-03-02'],
    // a leave starting at midnight in Sydney is on 1 March, not on 28 February UTC
    ['2026-03-01T00:00:00+10:00', '2026-03-01'],
    ['2028-02-29', '2028-02-29']
  ])('reads %s as the calendar date written (%s)', (input, expected) => {
    expect(calendarDateOf(input)).toBe(expected)
  })

  it.each([
    '', 'tomorrow', '2026-02-30', '2027-02-29', '2026-13-01', '2026-3-2', '2026-03-02T25:00:00', '2026-03-02T10:00:00+15:00', '02/03/2026',
    // issue 10: white space, an offset past +14:00, an offset without its colon, a time without seconds
    ' 2026-03-02 ', '2026-03-02\n', '2026-03-02T00:00:00+14:59', '2026-03-02T00:00:00+1000', '2026-03-02T00:00'
  ])(
    'refuses %j',
    (input) => {
      expect(calendarDateOf(input)).toBeNull()
    }
  )
})

describe('normalisedApiDate and timestampOf', () => {
  it('stores every accepted form of one date the same way, and refuses the rest', () => {
    for (const form of ['2026-03-02', '2026-03-02T00:00:00', '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00+10:00', '2026-03-02T09:30:00-14:00']) {
      expect(normalisedApiDate(form)).toBe('2026-03-02T00:00:00')
    }
    expect(normalisedApiDate('2026-03-02T00:00:00+14:59')).toBeNull()
  })

  it('reads LastModifiedDateUtc date-times and refuses junk', () => {
    expect(timestampOf('2026-03-02T09:00:00.000Z')).toBe(Date.UTC(2026, 2, 2, 9))
    expect(timestampOf('2026-03-02T09:00:00')).toBe(Date.UTC(2026, 2, 2, 9))
    expect(timestampOf('2026-03-02T19:00:00+10:00')).toBe(Date.UTC(2026, 2, 2, 9))
    for (const junk of ['junk', '2026-03-02', '2026-02-30T00:00:00Z', ' 2026-03-02T09:00:00Z']) expect(timestampOf(junk)).toBeNull()
  })
})

describe('calendar arithmetic', () => {
  it('counts whole days across month ends and a DST change without drifting', () => {
    expect(daysBetween('2026-03-01', '2026-05-03')).toBe(63)
    expect(daysBetween('2026-10-01', '2026-10-31')).toBe(30)
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1)
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('lists dates in a range inclusively, and none when the range is reversed', () => {
    expect(datesInRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
    expect(datesInRange('2026-03-02', '2026-03-01')).toEqual([])
  })

  it('knows the weekday', () => {
    expect(weekdayOf('2026-11-21')).toBe(6) // a Saturday
    expect(weekdayOf('2026-11-23')).toBe(1)
  })

  it('formats the date our client sends, as the spec samples do', () => {
    expect(toApiDate('2026-03-01', 600)).toBe('2026-03-01T00:00:00+10:00')
    expect(toApiDate('2026-03-01', -330)).toBe('2026-03-01T00:00:00-05:30')
    expect(toApiDate('2026-03-01', 0)).toBe('2026-03-01T00:00:00+00:00')
  })
})
