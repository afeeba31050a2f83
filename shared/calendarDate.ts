/**
 * Leave dates are calendar dates. The API carries them as ISO 8601 date-times with a UTC offset
 * (`2026-03-01T00:00:00+10:00`), and the calendar date is the one written: we never convert to an
 * instant, or a leave starting at midnight in Sydney would land on the previous day in UTC.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type CalendarDate = string

/**
 * The documented forms, and only those: `2026-03-02`, `2026-03-02T00:00:00`, optionally with fractional
 * seconds, and optionally with `Z` or a `±hh:mm` offset. No surrounding white space, no `+1000`.
 */
const DATE_FORM = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?)?$/

/** Real UTC offsets run from −12:00 to +14:00; ±14:00 is the bound either way, as ISO 8601 profiles allow. */
const MAX_OFFSET_MINUTES = 14 * 60

const MS_PER_DAY = 86_400_000

/** The calendar date written in an API date value, or null when the value is not a valid date. */
export function calendarDateOf(value: string): CalendarDate | null {
  const match = DATE_FORM.exec(value)
  if (!match) return null
  const [, y, m, d, hh, mm, ss, offset] = match
  if (!isRealDate(Number(y), Number(m), Number(d))) return null
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59)) return null
  if (offset && offset !== 'Z' && !isValidOffset(offset)) return null
  return `${y}-${m}-${d}`
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false
  const probe = new Date(Date.UTC(y, m - 1, d))
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d
}

function isValidOffset(offset: string): boolean {
  const hours = Number(offset.slice(1, 3))
  const minutes = Number(offset.slice(4, 6))
  return minutes <= 59 && hours * 60 + minutes <= MAX_OFFSET_MINUTES
}

/**
 * The one form the sandbox stores and answers leave dates in, as the vendor's samples write dates:
 * `2026-03-02T00:00:00` — the calendar date written, no offset (there is no instant to keep).
 */
export function normalisedApiDate(value: string): string | null {
  const date = calendarDateOf(value)
  return date === null ? null : `${date}T00:00:00`
}

const TIMESTAMP_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})?$/

/** A LastModifiedDateUtc as the API writes it (a date-time; no offset means UTC), or null when it is not one. */
export function timestampOf(value: string): number | null {
  if (!TIMESTAMP_FORM.test(value) || calendarDateOf(value) === null) return null
  const ms = Date.parse(/[Z+-]\d{2}:\d{2}$|Z$/.test(value.slice(19)) ? value : `${value}Z`)
  return Number.isNaN(ms) ? null : ms
}

function dayNumber(date: CalendarDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d) / MS_PER_DAY
}

/** Whole calendar days from `start` to `end` (0 when they are the same day, negative when end is earlier). */
export function daysBetween(start: CalendarDate, end: CalendarDate): number {
  return dayNumber(end) - dayNumber(start)
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date((dayNumber(date) + days) * MS_PER_DAY).toISOString().slice(0, 10)
}

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** '24 Dec 2026': a day as the clerk reads it (the renderer's formatDate), for messages written here. */
export function dayInWords(date: CalendarDate): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${d} ${MONTH_ABBREVIATIONS[m - 1] ?? ''} ${y}`
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(dayNumber(date) * MS_PER_DAY).getUTCDay()
}

/** Every calendar date from start to end inclusive (empty when end is before start). */
export function datesInRange(start: CalendarDate, end: CalendarDate): CalendarDate[] {
  const count = daysBetween(start, end)
  return Array.from({ length: Math.max(0, count + 1) }, (_, i) => addDays(start, i))
}

/** Formats a UTC offset in minutes as `+hh:mm` / `-hh:mm`. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${sign}${hh}:${mm}`
}

/** The form our client sends, as in the spec's samples: `YYYY-MM-DDT00:00:00±hh:mm`. */
export function toApiDate(date: CalendarDate, offsetMinutes: number): string {
  return `${date}T00:00:00${formatOffset(offsetMinutes)}`
}
