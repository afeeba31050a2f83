import type { CalendarDate } from '../calendarDate'
import table from './holidayTable.json'
import { holidaysInTable, type HolidayTable } from './holidayTable'

export interface PublicHoliday {
  date: CalendarDate
  name: string
}

/**
 * Public holidays as date-holidays gives them (every Australian state and territory and New Zealand
 * region, substitute days included; only `public` days, evening part-day holidays and the library's known
 * mistakes left out: libraryHolidays.ts), read from the table made from it (holidayTable.ts), for the
 * years it covers (HOLIDAY_TABLE_YEARS).
 */
const HOLIDAYS = table as HolidayTable
const byRegionYear = new Map<string, ReadonlyMap<CalendarDate, string>>()

function holidaysOf(regionCode: string, year: number): ReadonlyMap<CalendarDate, string> {
  const key = `${regionCode}:${year}`
  const cached = byRegionYear.get(key)
  if (cached) return cached
  const days = holidaysInTable(HOLIDAYS, regionCode, year)
  byRegionYear.set(key, days)
  return days
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
