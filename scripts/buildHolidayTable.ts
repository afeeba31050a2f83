// Writes shared/holidays/holidayTable.json from the installed date-holidays: run `npm run holidays:table`
// after upgrading it (or changing libraryHolidays.ts); holidayTable.test.ts fails until the file matches.
import { writeFileSync } from 'node:fs'
import { data } from 'date-holidays/data'
import { buildHolidayTable } from '../shared/holidays/holidayTable'
import { libraryHolidaysOf } from '../shared/holidays/libraryHolidays'

const target = new URL('../shared/holidays/holidayTable.json', import.meta.url)
writeFileSync(target, `${JSON.stringify(buildHolidayTable(libraryHolidaysOf, data.version))}\n`)
console.log(`Wrote ${target.pathname}`)
