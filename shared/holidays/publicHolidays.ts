import Holidays from 'date-holidays'
import { calendarDateOf, type CalendarDate } from '../calendarDate'
import { holidayRegion } from './holidayRegions'
import { isKnownLibraryMistake } from './libraryCorrections'

export interface PublicHoliday {
  date: CalendarDate
  name: string
}

/**
 * Public holidays come from date-holidays (a kept library with every Australian state and territory and
 * New Zealand region, substitute days included). Only `public` days count: bank holidays and
 * observances (Father's Day) are working days for payroll, and so are evening part-day holidays (Christmas
 * Eve from 6 or 7 pm in Queensland, South Australia and the Northern Territory): the working day is
 * still leave to pay. A few entries the library gets wrong are dropped (libraryCorrections.ts).
 */
const byRegionYear = new Map<string, ReadonlyMap<CalendarDate, string>>()

function holidaysOf(regionCode: string, year: number): ReadonlyMap<CalendarDate, string> {
  const key = `${regionCode}:${year}`
  const cached = byRegionYear.get(key)
  if (cached) return cached
  const region = holidayRegion(regionCode)
  const days = new Map<CalendarDate, string>()
  if (region) {
    const library = region.subdivision
      ? new Holidays(region.country, region.subdivision, { types: ['public'] })
      : new Holidays(region.country, { types: ['public'] })
    for (const holiday of library.getHolidays(year, 'en') || []) {
      if (holiday.type !== 'public' || startsAfterMidnight(holiday.date)) continue
      // The library writes "YYYY-MM-DD hh:mm:ss": the calendar date is the one written, never an instant.
      const date = calendarDateOf(holiday.date.slice(0, 10))
      if (!date || isKnownLibraryMistake(regionCode, date, holiday.name)) continue
      const existing = days.get(date)
      days.set(date, existing ? `${existing}; ${holiday.name}` : holiday.name)
    }
  }
  byRegionYear.set(key, days)
  return days
}

/** "2026-12-24 18:00:00": a part-day holiday that begins in the evening. */
function startsAfterMidnight(written: string): boolean {
  const time = written.slice(11, 16)
  return time !== '' && time !== '00:00'
}

/** The public holidays from `start` to `end` inclusive, in date order. Empty for an unknown region. */
export function publicHolidaysInRange(regionCode: string, start: CalendarDate, end: CalendarDate): PublicHoliday[] {
  if (end < start) return []
  const firstYear = Number(start.slice(0, 4))
  const lastYear = Number(end.slice(0, 4))
  const found: PublicHoliday[] = []
  for (let year = firstYear; year <= lastYear; year += 1) {
    for (const [date, name] of holidaysOf(regionCode, year)) {
      if (date >= start && date <= end) found.push({ date, name })
    }
  }
  return found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

/** The holidays in a range as a lookup by date, for filling lines and marking them. */
export function publicHolidayMap(regionCode: string, start: CalendarDate, end: CalendarDate): ReadonlyMap<CalendarDate, string> {
  return new Map(publicHolidaysInRange(regionCode, start, end).map((holiday) => [holiday.date, holiday.name]))
}
