import { format, isSameDay, isSameYear, parseISO } from 'date-fns'
import { calendarDateOf } from '../../../shared/calendarDate'

/** How dates, times and hours read on screen: short, unambiguous, in words a clerk uses. */

/** '2 Mar 2026'; '' for a date not entered (or not valid) yet. */
export function formatDate(date: string): string {
  const valid = calendarDateOf(date)
  return valid ? format(parseISO(valid), 'd MMM yyyy') : ''
}

/** '2 – 6 Mar 2026', '27 Feb – 3 Mar 2026', 'from 2 Mar 2026', or 'No dates yet'. */
export function formatDateRange(start: string, end: string): string {
  const from = calendarDateOf(start)
  const to = calendarDateOf(end)
  if (!from && !to) return 'No dates yet'
  if (!from) return `until ${formatDate(end)}`
  if (!to) return `from ${formatDate(start)}`
  const a = parseISO(from)
  const b = parseISO(to)
  if (isSameDay(a, b)) return format(a, 'd MMM yyyy')
  if (!isSameYear(a, b) || b < a) return `${format(a, 'd MMM yyyy')} – ${format(b, 'd MMM yyyy')}`
  if (a.getMonth() === b.getMonth()) return `${format(a, 'd')} – ${format(b, 'd MMM yyyy')}`
  return `${format(a, 'd MMM')} – ${format(b, 'd MMM yyyy')}`
}

/** 'Mon', beside a line of the items table; '' for a date not entered (or not valid) yet. */
export function formatWeekday(date: string): string {
  const valid = calendarDateOf(date)
  return valid ? format(parseISO(valid), 'EEE') : ''
}

/** '14:05 today', '09:30 yesterday' or '14:05, 2 Mar 2026'. */
export function formatAsOf(at: number, now: number): string {
  const when = new Date(at)
  const time = format(when, 'HH:mm')
  if (isSameDay(when, new Date(now))) return `${time} today`
  if (isSameDay(when, new Date(now - 24 * 60 * 60 * 1000))) return `${time} yesterday`
  return `${time}, ${format(when, 'd MMM yyyy')}`
}

/** '7.6 h', '38 h'; at most two decimals, as payroll keeps them. */
export function formatHours(hours: number): string {
  const rounded = Math.round((Number.isFinite(hours) ? hours : 0) * 100) / 100
  return `${rounded} h`
}
