/**
 * Leave dates are calendar dates. The API carries them as ISO 8601 date-times with a UTC offset
 * (`2026-03-01T00:00:00+10:00`), and the calendar date is the one written: we never convert to an
 * instant, or a leave starting at midnight in Sydney would land on the previous day in UTC.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type CalendarDate = string

const DATE_FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

const MS_PER_DAY = 86_400_000

/** The calendar date written in an API date value, or null when the value is not a valid date. */
export function calendarDateOf(value: string): CalendarDate | null {
  const match = DATE_FORM.exec(value.trim())
  if (!match) return null
  const [, y, m, d, hh, mm, ss, offset] = match
  if (!isRealDate(Number(y), Number(m), Number(d))) return null
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return null
  if (offset && offset !== 'Z' && !isValidOffset(offset)) return null
  return `${y}-${m}-${d}`
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false
  const probe = new Date(Date.UTC(y, m - 1, d))
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d
}

function isValidOffset(offset: string): boolean {
  const digits = offset.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2))
  return hours <= 14 && minutes <= 59
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
