import { calendarDateOf, type CalendarDate } from '../calendarDate'
import { readMonthNameDate } from './monthNameDate'

/** How a file writes its dates: day/month/year (AU, NZ, UK), month/day/year (US), or year first (ISO). */
export type DateFormat = 'dmy' | 'mdy' | 'ymd'

export const dateFormatLabels: Readonly<Record<DateFormat, string>> = {
  dmy: 'day/month/year (31/12/2026)',
  mdy: 'month/day/year (12/31/2026)',
  ymd: 'year-month-day (2026-12-31)'
}

const NUMERIC_DATE = /^(\d{1,4})[/.\- ](\d{1,2})[/.\- ](\d{1,4})$/

/** month/day/year is the US way; every other locale the clerks use writes the day first. */
export function defaultDateFormatFor(locale: string): DateFormat {
  return /^en-US$/i.test(locale) ? 'mdy' : 'dmy'
}

export interface DetectedDateFormat {
  format: DateFormat
  /** False when every date reads the same either way (e.g. 3/4/2026): the locale's default was used. */
  certain: boolean
}

/**
 * The format that reads every date in the file. A day above 12 in the first place settles day-first, in
 * the second place month-first; year-first dates (ISO, and what a spreadsheet's date cells become) read
 * the same under any choice. When nothing settles it, the locale's default stands and the preview says so.
 */
export function detectDateFormat(values: readonly string[], fallback: DateFormat): DetectedDateFormat {
  let dayFirst = false
  let monthFirst = false
  let anyAmbiguous = false
  let anyYearFirst = false
  for (const value of values) {
    const match = NUMERIC_DATE.exec(value.trim())
    if (!match) {
      if (calendarDateOf(value) !== null) anyYearFirst = true
      continue
    }
    const [, a, b] = match as unknown as [string, string, string, string]
    if (a.length === 4) {
      anyYearFirst = true
      continue
    }
    if (Number(a) > 12) dayFirst = true
    else if (Number(b) > 12) monthFirst = true
    else anyAmbiguous = true
  }
  if (dayFirst && !monthFirst) return { format: 'dmy', certain: true }
  if (monthFirst && !dayFirst) return { format: 'mdy', certain: true }
  if (!anyAmbiguous && !dayFirst && !monthFirst && anyYearFirst) return { format: 'ymd', certain: true }
  return { format: fallback, certain: !anyAmbiguous && !dayFirst && !monthFirst }
}

/**
 * The calendar date `value` names under `format`, or null. Year-first dates, and dates with the month's
 * name (3-Mar-2026), are read the same under any format.
 */
export function readDate(value: string, format: DateFormat): CalendarDate | null {
  const text = value.trim()
  const iso = calendarDateOf(text)
  if (iso) return iso
  const match = NUMERIC_DATE.exec(text)
  if (!match) return readMonthNameDate(text)
  const [, a, b, c] = match as unknown as [string, string, string, string]
  const [year, month, day] = a.length === 4 ? [a, b, c] : format === 'mdy' ? [c, a, b] : [c, b, a]
  if (year.length !== 4 && year.length !== 2) return null
  const fullYear = year.length === 2 ? `20${year}` : year
  return calendarDateOf(`${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`)
}
