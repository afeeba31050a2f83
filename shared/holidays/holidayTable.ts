import type { CalendarDate } from '../calendarDate'
import { HOLIDAY_REGIONS } from './holidayRegions'

/**
 * Every region's public holidays for a span of years, as date-holidays computed them when the table was
 * made (`npm run holidays:table`, scripts/buildHolidayTable.ts). The app reads this table instead of
 * running the library: the library and the calendars it carries (Chinese, Hebrew, astronomy) were most of
 * the renderer bundle, while the table for sixty years of both countries is about 10 KB gzipped.
 * holidayTable.test.ts fails when the table differs from what the installed library computes.
 */
export interface HolidayTable {
  /** The date-holidays data version the table was made from. */
  dataVersion: string
  firstYear: number
  lastYear: number
  /** Holiday names, referred to by index (the same names recur every year and in many regions). */
  names: string[]
  /** Region code → year → [month * 100 + day, name index, …]. */
  regions: Record<string, Record<string, number[]>>
}

export const HOLIDAY_TABLE_YEARS = { first: 2000, last: 2060 } as const

export function buildHolidayTable(
  holidaysOf: (regionCode: string, year: number) => ReadonlyMap<CalendarDate, string>,
  dataVersion: string
): HolidayTable {
  const names: string[] = []
  const nameIndex = new Map<string, number>()
  const regions: HolidayTable['regions'] = {}
  for (const region of HOLIDAY_REGIONS) {
    const years: Record<string, number[]> = {}
    for (let year = HOLIDAY_TABLE_YEARS.first; year <= HOLIDAY_TABLE_YEARS.last; year += 1) {
      const days: number[] = []
      for (const [date, name] of [...holidaysOf(region.code, year)].sort(([a], [b]) => (a < b ? -1 : 1))) {
        let index = nameIndex.get(name)
        if (index === undefined) {
          index = names.push(name) - 1
          nameIndex.set(name, index)
        }
        days.push(Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10)), index)
      }
      years[year] = days
    }
    regions[region.code] = years
  }
  return { dataVersion, firstYear: HOLIDAY_TABLE_YEARS.first, lastYear: HOLIDAY_TABLE_YEARS.last, names, regions }
}

/** One region's holidays in one year, by calendar date; empty for an unknown region or a year outside the table. */
export function holidaysInTable(table: HolidayTable, regionCode: string, year: number): Map<CalendarDate, string> {
  const days = new Map<CalendarDate, string>()
  const packed = table.regions[regionCode]?.[String(year)] ?? []
  for (let i = 0; i + 1 < packed.length; i += 2) {
    const monthDay = packed[i] as number
    const month = String(Math.floor(monthDay / 100)).padStart(2, '0')
    const day = String(monthDay % 100).padStart(2, '0')
    days.set(`${year}-${month}-${day}` as CalendarDate, table.names[packed[i + 1] as number] ?? '')
  }
  return days
}
