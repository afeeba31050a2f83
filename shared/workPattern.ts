import { calendarDateOf, daysBetween, weekdayOf, type CalendarDate } from './calendarDate'
import { MAX_LEAVE_SPAN_DAYS } from './leaveRules'

/**
 * An employee's usual hours on each day of the week, kept on the clerk's computer: a part-timer working
 * Monday to Wednesday 7.6 h and Thursday 4 h has Friday at 0. Index 0 is Sunday, as `weekdayOf` counts.
 */
export type WeekHours = readonly [number, number, number, number, number, number, number]

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** Monday to Friday first, the order a clerk reads a working week in. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

export const MAX_HOURS_PER_DAY = 24

/** The pattern of an employee nobody has set one for: the settings' hours per day, Monday to Friday. */
export function standardWeek(hoursPerDay: number): WeekHours {
  return [0, hoursPerDay, hoursPerDay, hoursPerDay, hoursPerDay, hoursPerDay, 0]
}

/** The first problem with a pattern a clerk typed, in plain words, or null when it can be kept. */
export function weekHoursProblem(hours: readonly number[]): string | null {
  if (hours.length !== 7) return 'A work pattern needs hours for each of the seven days.'
  for (const [index, value] of hours.entries()) {
    const day = WEEKDAY_NAMES[index]
    if (!Number.isFinite(value)) return `Hours on ${day} must be a number (0 for a day off).`
    if (value < 0) return `Hours on ${day} cannot be less than 0.`
    if (value > MAX_HOURS_PER_DAY) return `Hours on ${day} cannot be more than ${MAX_HOURS_PER_DAY}.`
  }
  if (hours.every((value) => value === 0)) return 'A work pattern needs at least one working day.'
  return null
}

export function hoursOn(week: WeekHours, date: CalendarDate): number {
  return week[weekdayOf(date)] ?? 0
}

export interface FilledLine {
  date: CalendarDate
  hours: number
  isPaid: boolean
}

/** The range if it is one the rules would accept (both dates real, in order, within the maximum span). */
export function acceptedRange(start: string, end: string): { start: CalendarDate; end: CalendarDate } | null {
  const from = calendarDateOf(start)
  const to = calendarDateOf(end)
  if (!from || !to) return null
  const span = daysBetween(from, to)
  if (span < 0 || span > MAX_LEAVE_SPAN_DAYS) return null
  return { start: from, end: to }
}

/** Half of that day's pattern hours (half of the standard day when the pattern has the day off). */
export function halfDayHours(week: WeekHours, date: string, hoursPerDay: number): number {
  const valid = calendarDateOf(date)
  const full = valid ? hoursOn(week, valid) : 0
  return roundHours((full > 0 ? full : hoursPerDay) / 2)
}

/** Hours to two decimals, as payroll stores them (7.6 / 2 = 3.8, never 3.8000000000000003). */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100
}
