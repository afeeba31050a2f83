import { calendarDateOf, datesInRange, daysBetween, weekdayOf, type CalendarDate } from '../../../shared/calendarDate'
import { MAX_LEAVE_SPAN_DAYS } from '../../../shared/leaveRules'
import type { DraftItem } from './draftContent'

const SATURDAY = 6
const SUNDAY = 0

/**
 * One paid line per weekday (Monday to Friday) from start to end inclusive. Nothing when the range is not
 * a leave the rules would accept (a date missing or invalid, end before start, longer than the maximum
 * span): the date fields already say why, and a mistyped year must not produce thousands of lines.
 */
export function fillWeekdayItems(start: CalendarDate, end: CalendarDate, hoursPerDay: number): DraftItem[] {
  const from = calendarDateOf(start)
  const to = calendarDateOf(end)
  if (!from || !to) return []
  const span = daysBetween(from, to)
  if (span < 0 || span > MAX_LEAVE_SPAN_DAYS) return []
  return datesInRange(from, to)
    .filter((date) => weekdayOf(date) !== SATURDAY && weekdayOf(date) !== SUNDAY)
    .map((date) => ({ date, hours: hoursPerDay, isPaid: true }))
}
