import { addDays, datesInRange, weekdayOf, type CalendarDate } from '../../../shared/calendarDate'

/** The month view's dates and keyboard moves: pure, so every key is tested without a screen. */

export interface MonthGrid {
  first: CalendarDate
  last: CalendarDate
  /** Weeks Monday to Sunday, padded with the neighbouring months' days. */
  weeks: CalendarDate[][]
}

export function monthOf(date: CalendarDate): { year: number; month: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function monthGrid(date: CalendarDate): MonthGrid {
  const { year, month } = monthOf(date)
  const first = `${year}-${pad(month)}-01`
  const last = `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`
  const start = addDays(first, -((weekdayOf(first) + 6) % 7))
  const end = addDays(last, (7 - weekdayOf(last)) % 7)
  const all = datesInRange(start, end)
  const weeks: CalendarDate[][] = []
  for (let i = 0; i < all.length; i += 7) weeks.push(all.slice(i, i + 7))
  return { first, last, weeks }
}

/** The same day a month on or back, kept inside the shorter month (31 Jan → 28 Feb). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month } = monthOf(date)
  const index = year * 12 + (month - 1) + months
  const y = Math.floor(index / 12)
  const m = (index % 12) + 1
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(y, m))
  return `${y}-${pad(m)}-${pad(day)}`
}

/** Where a key moves the focused day; null for keys the grid leaves alone. */
export function moveByKey(date: CalendarDate, key: string): CalendarDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1)
    case 'ArrowRight':
      return addDays(date, 1)
    case 'ArrowUp':
      return addDays(date, -7)
    case 'ArrowDown':
      return addDays(date, 7)
    case 'PageUp':
      return addMonths(date, -1)
    case 'PageDown':
      return addMonths(date, 1)
    case 'Home':
      return addDays(date, -((weekdayOf(date) + 6) % 7))
    case 'End':
      return addDays(date, (7 - weekdayOf(date)) % 7)
    default:
      return null
  }
}
