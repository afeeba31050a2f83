import { calendarDateOf, datesInRange, type CalendarDate } from '../calendarDate'
import { publicHolidaysInRange, type PublicHoliday } from '../holidays'
import { acceptedRange, hoursOn, roundHours, type FilledLine, type WeekHours } from '../workPattern'

/**
 * What decides a request's days besides its dates: the employee's work pattern, the file's holiday region
 * (undefined while the clerk has not chosen one: then no holiday is left out) and whether the leave type
 * is paid. The same rule for every entry path (editor, One leave for many, import, paste, approve).
 */
export interface DayRule {
  week: WeekHours
  regionCode: string | undefined
  unpaid: boolean
}

/**
 * How many hours each day gets: the pattern's (the editor, One leave for many), the same hours on every
 * working day (an import's "hours a day" column), or a total shared over the working days (an import's
 * "total hours" column).
 */
export type HoursChoice = { kind: 'pattern' } | { kind: 'per-day'; hours: number } | { kind: 'total'; hours: number }

export interface LeaveDaysRequest extends DayRule {
  startDate: string
  endDate: string
  /** Days taken as half days: half that day's hours. */
  halfDays?: readonly string[]
  hours?: HoursChoice
}

export interface LeaveDays {
  lines: FilledLine[]
  /** Public holidays on working days of the pattern inside the dates: left out, and named in every preview. */
  holidaysLeftOut: PublicHoliday[]
}

const NOTHING: LeaveDays = { lines: [], holidaysLeftOut: [] }

/**
 * The day lines of a request: one line for each working day of the pattern from start to end, public
 * holidays of the region left out (in Australia and New Zealand a public holiday inside leave is not taken
 * from the balance), paid unless the leave type is unpaid. Nothing for a range the rules would refuse:
 * the date fields already say why, and a mistyped year must not produce thousands of lines.
 */
export function leaveDays(request: LeaveDaysRequest): LeaveDays {
  const range = acceptedRange(request.startDate, request.endDate)
  if (!range) return NOTHING
  const holidays = request.regionCode ? publicHolidaysInRange(request.regionCode, range.start, range.end) : []
  const holidayDates = new Set(holidays.map((holiday) => holiday.date))
  const working = (date: CalendarDate) => hoursOn(request.week, date) > 0
  const days = datesInRange(range.start, range.end).filter((date) => working(date) && !holidayDates.has(date))
  const halves = new Set((request.halfDays ?? []).map((date) => calendarDateOf(date)).filter((date): date is CalendarDate => date !== null))
  const isPaid = !request.unpaid
  const hours = hoursOfDays(days, request.week, request.hours ?? { kind: 'pattern' })
  const lines = days.map((date, index) => {
    const full = hours[index] ?? 0
    return { date, hours: halves.has(date) ? roundHours(full / 2) : full, isPaid }
  })
  return { lines, holidaysLeftOut: holidays.filter((holiday) => working(holiday.date)) }
}

function hoursOfDays(days: readonly CalendarDate[], week: WeekHours, choice: HoursChoice): number[] {
  if (choice.kind === 'pattern') return days.map((date) => hoursOn(week, date))
  if (choice.kind === 'per-day') return days.map(() => choice.hours)
  // A total shared in hundredths, the remainder on the last day, so the lines add up exactly.
  if (days.length === 0) return []
  const hundredths = Math.round(choice.hours * 100)
  const each = Math.floor(hundredths / days.length)
  return days.map((_, index) => (index === days.length - 1 ? hundredths - each * (days.length - 1) : each) / 100)
}
