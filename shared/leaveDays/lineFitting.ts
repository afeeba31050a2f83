import type { FilledLine } from '../workPattern'
import { acceptedRange } from '../workPattern'
import { leaveDays, type DayRule } from './leaveDays'

/** What the lines of a request are fitted against when its dates or lines change in the editor. */
export interface FittingRequest extends DayRule {
  startDate: string
  endDate: string
}

/**
 * Lines a Refill would lose or change: hours or pay the clerk changed (not what the calculation gives for
 * that day), and days the clerk added that it leaves out (a holiday, a day off, a date outside the range).
 */
export function linesChangedByClerk(lines: readonly FilledLine[], request: FittingRequest): FilledLine[] {
  const filled = new Map(leaveDays(request).lines.map((line) => [line.date, line]))
  return lines.filter((line) => {
    const auto = filled.get(line.date)
    return !auto || auto.hours !== line.hours || auto.isPaid !== line.isPaid
  })
}

/** Lines whose date is outside the range: after the dates change they no longer belong to this leave. */
export function linesOutsideRange(lines: readonly FilledLine[], start: string, end: string): FilledLine[] {
  const range = acceptedRange(start, end)
  if (!range) return []
  return lines.filter((line) => line.date < range.start || line.date > range.end)
}

/** Working days in the range with no line yet (the range grew after the lines were filled). */
export function missingWorkingDays(lines: readonly FilledLine[], request: FittingRequest): FilledLine[] {
  const have = new Set(lines.map((line) => line.date))
  return leaveDays(request).lines.filter((line) => !have.has(line.date))
}

/**
 * The lines fitted to a new range: lines inside it are kept as the clerk left them, lines outside it
 * are dropped, and working days newly inside it get the calculation's line. In date order.
 */
export function refitLines(lines: readonly FilledLine[], request: FittingRequest): FilledLine[] {
  const range = acceptedRange(request.startDate, request.endDate)
  if (!range) return [...lines]
  const kept = lines.filter((line) => line.date >= range.start && line.date <= range.end)
  const added = missingWorkingDays(kept, request)
  return [...kept, ...added].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
