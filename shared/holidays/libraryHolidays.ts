import Holidays from 'date-holidays'
import { calendarDateOf, type CalendarDate } from '../calendarDate'
import { holidayRegion } from './holidayRegions'
import { isKnownLibraryMistake } from './libraryCorrections'

/**
 * Runs only where the holiday table is made (scripts/buildHolidayTable.ts) and in its test, never in the
 * app: the renderer reads the table the library produced (holidayTable.ts), because the library and its
 * calendars (Chinese, Hebrew, astronomy) were two thirds of the renderer bundle.
 *
 * Public holidays come from date-holidays (a kept library with every Australian state and territory and
 * New Zealand region, substitute days included). Only `public` days count: bank holidays and
 * observances (Father's Day) are working days for payroll, and so are evening part-day holidays (Christmas
 * Eve from 6 or 7 pm in Queensland, South Australia and the Northern Territory): the working day is
 * still leave to pay. A few entries the library gets wrong are dropped (libraryCorrections.ts).
 */
const libraries = new Map<string, Holidays>()

function libraryFor(regionCode: string): Holidays | undefined {
  const region = holidayRegion(regionCode)
  if (!region) return undefined
  let library = libraries.get(regionCode)
  if (!library) {
    library = region.subdivision
      ? new Holidays(region.country, region.subdivision, { types: ['public'] })
      : new Holidays(region.country, { types: ['public'] })
    libraries.set(regionCode, library)
  }
  return library
}

export function libraryHolidaysOf(regionCode: string, year: number): ReadonlyMap<CalendarDate, string> {
  const library = libraryFor(regionCode)
  const days = new Map<CalendarDate, string>()
  if (library) {
    for (const holiday of library.getHolidays(year, 'en') || []) {
      if (holiday.type !== 'public' || startsAfterMidnight(holiday.date)) continue
      // The library writes "YYYY-MM-DD hh:mm:ss": the calendar date is the one written, never an instant.
      const date = calendarDateOf(holiday.date.slice(0, 10))
      if (!date || isKnownLibraryMistake(regionCode, date, holiday.name)) continue
      const existing = days.get(date)
      days.set(date, existing ? `${existing}; ${holiday.name}` : holiday.name)
    }
  }
  return days
}

/** "2026-12-24 18:00:00": a part-day holiday that begins in the evening. */
function startsAfterMidnight(written: string): boolean {
  const time = written.slice(11, 16)
  return time !== '' && time !== '00:00'
}

