import { calendarDateOf, type CalendarDate } from '../calendarDate'

/**
 * Dates written with the month's name, as payroll exports and spreadsheets display them: `3-Mar-2026`,
 * `03 Mar 26`, `3 March 2026`, `Tue 3 March 2026`, `3rd March 2026`, `Mar 3, 2026`, `Tuesday, March 3 2026`.
 * The month's name settles which number is the day, so these read the same in any file's date order.
 *
 * Hand-written rather than date-fns `parse`: that needs one pattern per shape above (tried one after
 * another for every cell) and would add to the renderer's start bundle, which sits just under its target.
 */
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1,
  feb: 2, february: 2,
  mar: 3, march: 3,
  apr: 4, april: 4,
  may: 5,
  jun: 6, june: 6,
  jul: 7, july: 7,
  aug: 8, august: 8,
  sep: 9, sept: 9, september: 9,
  oct: 10, october: 10,
  nov: 11, november: 11,
  dec: 12, december: 12
}

const WEEKDAY = '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\\.?,?\\s+'
const DAY = '(?<day>\\d{1,2})(?:st|nd|rd|th)?'
const MONTH = '(?<month>[a-z]{3,9})\\.?'
const YEAR = '(?<year>\\d{4}|\\d{2})'
/** 3 Mar 2026, 3-Mar-26, 3 March, 2026 (day first). */
const DAY_FIRST = new RegExp(`^(?:${WEEKDAY})?${DAY}[\\s\\-/]+${MONTH}[\\s\\-/,]+${YEAR}$`, 'i')
/** Mar 3, 2026, March 3rd 2026 (month first). */
const MONTH_FIRST = new RegExp(`^(?:${WEEKDAY})?${MONTH}[\\s\\-/]+${DAY},?[\\s\\-/]+${YEAR}$`, 'i')

/** The calendar date `text` names with its month's name, or null (not such a date, or no such day). */
export function readMonthNameDate(text: string): CalendarDate | null {
  const value = text.trim()
  const parts = (DAY_FIRST.exec(value) ?? MONTH_FIRST.exec(value))?.groups
  const month = parts?.month === undefined ? undefined : MONTHS[parts.month.toLowerCase()]
  if (!parts?.day || !parts.year || month === undefined) return null
  const year = parts.year.length === 2 ? `20${parts.year}` : parts.year
  return calendarDateOf(`${year}-${String(month).padStart(2, '0')}-${parts.day.padStart(2, '0')}`)
}
