import { describe, expect, it } from 'vitest'
import { standardWeek, type WeekHours } from '../workPattern'
import { isUnpaidLeaveType, leaveDays, linesChangedByClerk, linesOutsideRange, missingWorkingDays, refitLines } from '.'

const FULL_TIME = standardWeek(7.6)
const MON_TO_THU: WeekHours = [0, 7.6, 7.6, 7.6, 7.6, 0, 0]
const HALF_FRIDAY: WeekHours = [0, 7.6, 7.6, 7.6, 7.6, 3.8, 0]
// Monday to Wednesday 7.6 h, Thursday 4 h, Friday off.
const PART_TIME: WeekHours = [0, 7.6, 7.6, 7.6, 4, 0, 0]

const rule = (week: WeekHours, regionCode: string | undefined, unpaid = false) => ({ week, regionCode, unpaid })

// The weekday public holidays of each region, written out by hand from the state and regional calendars.
const CHRISTMAS_AU = ['2026-12-25', '2026-12-28', '2027-01-01']
const CHRISTMAS_NZ = [...CHRISTMAS_AU, '2027-01-04']
const EASTER = ['2027-03-26', '2027-03-29']
const REGIONS: readonly [string, string[]][] = [
  ['AU-NSW', CHRISTMAS_AU],
  ['AU-VIC', CHRISTMAS_AU],
  ['AU-QLD', CHRISTMAS_AU],
  ['NZ-AUK', CHRISTMAS_NZ],
  ['NZ-CAN', CHRISTMAS_NZ]
]

describe('the one calculation of a request’s days', () => {
  it('the NSW Christmas shutdown, 24 Dec – 1 Jan: 4 days, 30.4 h, holidays named', () => {
    const days = leaveDays({ ...rule(FULL_TIME, 'AU-NSW'), startDate: '2026-12-24', endDate: '2027-01-01' })
    expect(days.lines).toEqual(['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31'].map((date) => ({ date, hours: 7.6, isPaid: true })))
    expect(days.holidaysLeftOut.map((h) => `${h.date} ${h.name}`)).toEqual([
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day (substitute day)',
      "2027-01-01 New Year's Day"
    ])
  })

  it('a Mon–Thu part-timer over the same days: his pattern’s days and hours, never a Friday', () => {
    const days = leaveDays({ ...rule(MON_TO_THU, 'AU-NSW'), startDate: '2026-12-24', endDate: '2027-01-01' })
    expect(days.lines.map((l) => [l.date, l.hours])).toEqual([
      ['2026-12-24', 7.6],
      ['2026-12-29', 7.6],
      ['2026-12-30', 7.6],
      ['2026-12-31', 7.6]
    ])
    // Christmas and New Year's Day are Fridays: not his working days, so not "left out" either.
    expect(days.holidaysLeftOut.map((h) => h.date)).toEqual(['2026-12-28'])
  })

  describe.each(REGIONS)('%s', (region, christmas) => {
    const cases: readonly [string, WeekHours, string, string, string[]][] = [
      ['full-time', FULL_TIME, '2026-12-21', '2027-01-08', christmas],
      ['Mon–Thu', MON_TO_THU, '2026-12-21', '2027-01-08', christmas],
      ['half-day Friday', HALF_FRIDAY, '2026-12-21', '2027-01-08', christmas],
      ['full-time at Easter', FULL_TIME, '2027-03-22', '2027-04-02', EASTER],
      ['half-day Friday at Easter', HALF_FRIDAY, '2027-03-22', '2027-04-02', EASTER]
    ]
    it.each(cases)('%s: every working day of the pattern but the holidays, at the pattern’s hours', (_name, week, start, end, holidays) => {
      for (const unpaid of [false, true]) {
        const { lines, holidaysLeftOut } = leaveDays({ ...rule(week, region, unpaid), startDate: start, endDate: end })
        const expected: { date: string; hours: number; isPaid: boolean }[] = []
        for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
          const date = d.toISOString().slice(0, 10)
          const hours = week[d.getUTCDay()] ?? 0
          if (hours > 0 && !holidays.includes(date)) expected.push({ date, hours, isPaid: !unpaid })
        }
        expect(lines).toEqual(expected)
        expect(holidaysLeftOut.map((h) => h.date)).toEqual(holidays.filter((date) => (week[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 0) > 0))
      }
    })
  })

  it('without a region nothing is left out (the clerk is asked for one)', () => {
    expect(leaveDays({ ...rule(FULL_TIME, undefined), startDate: '2026-12-24', endDate: '2027-01-01' }).lines).toHaveLength(7)
  })

  it('half days take half that day’s hours', () => {
    const { lines } = leaveDays({ ...rule(PART_TIME, 'AU-NSW'), startDate: '2026-03-02', endDate: '2026-03-05', halfDays: ['2026-03-02', '2026-03-05'] })
    expect(lines.map((l) => l.hours)).toEqual([3.8, 7.6, 7.6, 2])
  })

  it('the same hours each working day, or a total shared so it adds up exactly', () => {
    const base = { ...rule(FULL_TIME, 'AU-NSW'), startDate: '2026-12-24', endDate: '2027-01-01' }
    expect(leaveDays({ ...base, hours: { kind: 'per-day', hours: 8 } }).lines.map((l) => l.hours)).toEqual([8, 8, 8, 8])
    expect(leaveDays({ ...base, hours: { kind: 'total', hours: 10 } }).lines.map((l) => l.hours)).toEqual([2.5, 2.5, 2.5, 2.5])
    expect(leaveDays({ ...base, hours: { kind: 'total', hours: 1 } }).lines.map((l) => l.hours)).toEqual([0.25, 0.25, 0.25, 0.25])
    expect(leaveDays({ ...base, hours: { kind: 'total', hours: 0.1 } }).lines.map((l) => l.hours)).toEqual([0.02, 0.02, 0.02, 0.04])
  })

  it('fills nothing for a range the rules refuse', () => {
    for (const [startDate, endDate] of [['2026-03-09', '2026-03-02'], ['2026-03-02', '2027-03-02'], ['', '2026-03-02']] as const) {
      expect(leaveDays({ ...rule(FULL_TIME, 'AU-NSW'), startDate, endDate }).lines).toEqual([])
    }
  })
})

describe('paid or not follows the leave type', () => {
  it.each(['Unpaid Leave', 'Leave without pay', 'LWOP', 'Unpaid parental leave'])('%s is unpaid', (name) => expect(isUnpaidLeaveType(name)).toBe(true))
  it.each(['Annual Leave', "Personal/Carer's Leave", 'Long Service Leave', 'Paid parental leave', undefined])('%s is paid', (name) =>
    expect(isUnpaidLeaveType(name)).toBe(false)
  )
})

describe('fitting lines the clerk has changed', () => {
  const request = { ...rule(FULL_TIME, undefined), startDate: '2026-03-02', endDate: '2026-03-06' }
  const filled = leaveDays(request).lines

  it('nothing when the lines are as Fill left them', () => {
    expect(linesChangedByClerk(filled, request)).toEqual([])
  })

  it('changed hours, a line whose pay was changed and a holiday the clerk added back', () => {
    const lines = filled.map((line, i) => (i === 1 ? { ...line, hours: 3.8 } : i === 2 ? { ...line, isPaid: false } : line))
    // For an unpaid type the calculation gives unpaid lines: then the paid ones are the clerk's changes.
    expect(linesChangedByClerk(lines, request).map((l) => l.date)).toEqual(['2026-03-03', '2026-03-04'])
    expect(linesChangedByClerk(lines, { ...request, unpaid: true }).map((l) => l.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-05', '2026-03-06'])
  })

  it('drops lines outside, keeps the clerk’s hours inside, adds new working days', () => {
    const lines = [
      { date: '2026-03-02', hours: 7.6, isPaid: true },
      { date: '2026-03-03', hours: 2, isPaid: true },
      { date: '2026-03-04', hours: 7.6, isPaid: true }
    ]
    const moved = { ...rule(PART_TIME, undefined), startDate: '2026-03-03', endDate: '2026-03-10' }
    expect(linesOutsideRange(lines, '2026-03-03', '2026-03-10').map((l) => l.date)).toEqual(['2026-03-02'])
    expect(missingWorkingDays(lines, moved).map((l) => l.date)).toEqual(['2026-03-05', '2026-03-09', '2026-03-10'])
    expect(refitLines(lines, moved)).toEqual([
      { date: '2026-03-03', hours: 2, isPaid: true },
      { date: '2026-03-04', hours: 7.6, isPaid: true },
      { date: '2026-03-05', hours: 4, isPaid: true },
      { date: '2026-03-09', hours: 7.6, isPaid: true },
      { date: '2026-03-10', hours: 7.6, isPaid: true }
    ])
  })

  it('leaves the lines alone while the new range is not a valid one', () => {
    const lines = [{ date: '2026-03-02', hours: 7.6, isPaid: true }]
    expect(refitLines(lines, { ...rule(PART_TIME, undefined), startDate: '2026-03-09', endDate: '2026-03-02' })).toEqual(lines)
    expect(linesOutsideRange(lines, '', '2026-03-02')).toEqual([])
  })
})
