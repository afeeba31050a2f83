import { data } from 'date-holidays/data'
import { describe, expect, it } from 'vitest'
import committed from './holidayTable.json'
import { HOLIDAY_REGIONS } from './holidayRegions'
import { buildHolidayTable, HOLIDAY_TABLE_YEARS, holidaysInTable, type HolidayTable } from './holidayTable'
import { libraryHolidaysOf } from './libraryHolidays'
import { publicHolidaysInRange } from './publicHolidays'

describe('the holiday table the app reads', () => {
  it('was made from the installed date-holidays data (run `npm run holidays:table` after upgrading it)', () => {
    expect((committed as HolidayTable).dataVersion).toBe(data.version)
  })

  it('holds what the library computes, for every region, at both ends of its years and around now', () => {
    // The whole table takes seconds to rebuild; these years and the data version above catch a stale one.
    const years = [HOLIDAY_TABLE_YEARS.first, 2026, 2027, HOLIDAY_TABLE_YEARS.last]
    const rebuilt = buildHolidayTable((region, year) => (years.includes(year) ? libraryHolidaysOf(region, year) : new Map()), '')
    for (const region of HOLIDAY_REGIONS) {
      for (const year of years) {
        expect(holidaysInTable(committed as HolidayTable, region.code, year), `${region.code} ${year}`).toEqual(
          holidaysInTable(rebuilt, region.code, year)
        )
      }
    }
  })

  it('knows the years it was made for, and no holidays outside them', () => {
    expect([(committed as HolidayTable).firstYear, (committed as HolidayTable).lastYear]).toEqual([HOLIDAY_TABLE_YEARS.first, HOLIDAY_TABLE_YEARS.last])
    expect(publicHolidaysInRange('AU-VIC', '2061-01-01', '2061-12-31')).toEqual([])
    expect(publicHolidaysInRange('AU-VIC', '2060-01-01', '2060-01-31').map((h) => h.date)).toEqual(['2060-01-01', '2060-01-26'])
  })
})
