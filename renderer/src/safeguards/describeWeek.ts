import { WEEK_ORDER, WEEKDAY_NAMES, type WeekHours } from '../../../shared/workPattern'
import { formatHours } from '../format/formatting'

const short = (day: number) => WEEKDAY_NAMES[day]!.slice(0, 3)

/** "Mon–Wed 7.6 h, Thu 4 h": the pattern as one line beside the employee, days off left unsaid. */
export function describeWeek(week: WeekHours): string {
  const runs: { first: number; last: number; hours: number }[] = []
  for (const day of WEEK_ORDER) {
    const hours = week[day] ?? 0
    const run = runs.at(-1)
    if (run && run.hours === hours) run.last = day
    else runs.push({ first: day, last: day, hours })
  }
  const words = runs
    .filter((run) => run.hours > 0)
    .map((run) => `${run.first === run.last ? short(run.first) : `${short(run.first)}–${short(run.last)}`} ${formatHours(run.hours)}`)
  return words.join(', ') || 'no working days'
}
