import { describe, expect, it } from 'vitest'
import { defaultHolidayRegion } from './defaultHolidayRegion'
import { HOLIDAY_REGIONS } from './holidayRegions'
import { publicHolidaysInRange } from './publicHolidays'

/**
 * Every expected date below is written here from the official lists (NSW Industrial Relations, Queensland
 * and WA government, Business Victoria, NZ Employment New Zealand), never taken from the library's output.
 */
const dates = (region: string, start: string, end: string) => publicHolidaysInRange(region, start, end).map((h) => h.date)

describe('public holidays, New South Wales', () => {
  it('Christmas 2026 to New Year 2027: Christmas Friday, Boxing Day Saturday with Monday 28 Dec added, New Year Friday', () => {
    expect(dates('AU-NSW', '2026-12-21', '2027-01-01')).toEqual(['2026-12-25', '2026-12-26', '2026-12-28', '2027-01-01'])
  })

  it('Christmas 2027 on a Saturday and Boxing Day on a Sunday: Monday 27 and Tuesday 28 Dec are added', () => {
    expect(dates('AU-NSW', '2027-12-20', '2027-12-31')).toEqual(['2027-12-25', '2027-12-26', '2027-12-27', '2027-12-28'])
  })

  it('Easter 2026 (3–6 April) and 2027 (26–29 March), Saturday and Sunday included as NSW lists them', () => {
    expect(dates('AU-NSW', '2026-03-30', '2026-04-10')).toEqual(['2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06'])
    expect(dates('AU-NSW', '2027-03-22', '2027-04-02')).toEqual(['2027-03-26', '2027-03-27', '2027-03-28', '2027-03-29'])
  })

  it("Anzac Day on a weekend gets no Monday in NSW (2026 Saturday, 2027 Sunday)", () => {
    expect(dates('AU-NSW', '2026-04-20', '2026-04-30')).toEqual(['2026-04-25'])
    expect(dates('AU-NSW', '2027-04-20', '2027-04-30')).toEqual(['2027-04-25'])
  })

  it('the whole of 2026 as the official list has it (no bank holiday, no observances)', () => {
    expect(dates('AU-NSW', '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-01', '2026-01-26', '2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06', '2026-04-25',
      '2026-06-08', '2026-10-05', '2026-12-25', '2026-12-26', '2026-12-28'
    ])
  })
})

describe("the King's Birthday differs by state", () => {
  it('NSW: second Monday of June (8 June 2026, 14 June 2027)', () => {
    expect(dates('AU-NSW', '2026-06-01', '2026-06-30')).toEqual(['2026-06-08'])
    expect(dates('AU-NSW', '2027-06-01', '2027-06-30')).toEqual(['2027-06-14'])
  })

  it('QLD: first Monday of October (5 October 2026, 4 October 2027), none in June', () => {
    expect(dates('AU-QLD', '2026-06-01', '2026-06-30')).toEqual([])
    expect(dates('AU-QLD', '2026-10-01', '2026-10-31')).toEqual(['2026-10-05'])
    expect(dates('AU-QLD', '2027-10-01', '2027-10-31')).toEqual(['2027-10-04'])
  })

  it('WA: late September (28 September 2026, 27 September 2027); WA Day is 1 June 2026', () => {
    expect(dates('AU-WA', '2026-09-01', '2026-09-30')).toEqual(['2026-09-28'])
    expect(dates('AU-WA', '2027-09-01', '2027-09-30')).toEqual(['2027-09-27'])
    expect(dates('AU-WA', '2026-06-01', '2026-06-30')).toEqual(['2026-06-01'])
  })
})

describe('Melbourne Cup', () => {
  it('is a holiday in Victoria only: 3 November 2026, 2 November 2027', () => {
    expect(dates('AU-VIC', '2026-11-01', '2026-11-30')).toEqual(['2026-11-03'])
    expect(dates('AU-VIC', '2027-11-01', '2027-11-30')).toEqual(['2027-11-02'])
    expect(dates('AU-NSW', '2026-11-01', '2026-11-30')).toEqual([])
    expect(dates('AU-QLD', '2027-11-01', '2027-11-30')).toEqual([])
  })
})

describe('Queensland and Western Australia', () => {
  it('QLD moves Anzac Day 2027 (Sunday) to Monday 26 April; WA adds Monday 27 April 2026', () => {
    expect(dates('AU-QLD', '2027-04-20', '2027-04-30')).toEqual(['2027-04-26'])
    expect(dates('AU-WA', '2026-04-20', '2026-04-30')).toEqual(['2026-04-25', '2026-04-27'])
  })

  it('Christmas Eve (QLD from 6 pm, SA and NT from 7 pm) is a working day: not left out of leave', () => {
    expect(dates('AU-QLD', '2026-12-24', '2026-12-24')).toEqual([])
    expect(dates('AU-SA', '2026-12-24', '2026-12-24')).toEqual([])
    expect(dates('AU-NT', '2026-12-31', '2026-12-31')).toEqual([])
  })
})

describe('New Zealand', () => {
  it('Waitangi Day 2027 on a Saturday moves to Monday 8 February; Matariki 10 July 2026 and 25 June 2027', () => {
    expect(dates('NZ', '2027-02-01', '2027-02-12')).toEqual(['2027-02-06', '2027-02-08'])
    expect(dates('NZ', '2026-07-01', '2026-07-31')).toEqual(['2026-07-10'])
    expect(dates('NZ', '2027-06-20', '2027-06-30')).toEqual(['2027-06-25'])
  })

  it("King's Birthday is the first Monday of June (1 June 2026), Labour Day the fourth Monday of October (26 October 2026)", () => {
    expect(dates('NZ', '2026-06-01', '2026-06-30')).toEqual(['2026-06-01'])
    expect(dates('NZ', '2026-10-01', '2026-10-31')).toEqual(['2026-10-26'])
  })

  it('anniversary days differ by region: Wellington 19 January 2026, Auckland 26 January 2026', () => {
    expect(dates('NZ-WGN', '2026-01-10', '2026-01-31')).toEqual(['2026-01-19'])
    expect(dates('NZ-AUK', '2026-01-10', '2026-01-31')).toEqual(['2026-01-26'])
    expect(dates('NZ', '2026-01-10', '2026-01-31')).toEqual([])
  })

  it('New Year 2027: 1 January (Friday), and the day after (Saturday) moves to Monday 4 January', () => {
    expect(dates('NZ', '2027-01-01', '2027-01-05')).toEqual(['2027-01-01', '2027-01-02', '2027-01-04'])
  })
})

describe('region handling', () => {
  it('an unknown region has no holidays rather than failing', () => {
    expect(dates('XX-YY', '2026-12-01', '2026-12-31')).toEqual([])
  })

  it('every offered region answers', () => {
    for (const region of HOLIDAY_REGIONS) expect(dates(region.code, '2026-12-25', '2026-12-25'), region.code).toEqual(['2026-12-25'])
  })

  it('names the holiday', () => {
    expect(publicHolidaysInRange('AU-NSW', '2026-12-28', '2026-12-28')[0]?.name).toMatch(/Boxing Day/)
  })

  it('guesses the state from the time zone, the country from the locale, and Australia when nothing says', () => {
    expect(defaultHolidayRegion('en-AU', 'Australia/Sydney')).toBe('AU-NSW')
    expect(defaultHolidayRegion('en-AU', 'Australia/Perth')).toBe('AU-WA')
    expect(defaultHolidayRegion('en-NZ', 'Pacific/Auckland')).toBe('NZ')
    expect(defaultHolidayRegion('en-NZ', 'UTC')).toBe('NZ')
    expect(defaultHolidayRegion('en-US', 'America/New_York')).toBe('AU')
  })

  // A clerk in Sydney may run a New Zealand business's payroll: the file's country comes first.
  it.each([
    ['en-AU', 'Australia/Sydney', 'New Zealand', 'NZ'],
    ['en-NZ', 'Pacific/Auckland', 'Australia', 'AU'],
    ['en-US', 'Australia/Perth', 'Australia', 'AU-WA'],
    ['en-AU', 'Australia/Hobart', 'AU', 'AU-TAS'],
    ['en-NZ', 'Pacific/Auckland', 'Singapore', 'NZ'],
    ['en-AU', 'Australia/Brisbane', null, 'AU-QLD']
  ])("offers %s in %s, file in %s: %s (the file's country, then the time zone's state)", (locale, zone, country, region) => {
    expect(defaultHolidayRegion(locale, zone, country)).toBe(region)
  })
})
