import type { CalendarDate } from '../../../shared/calendarDate'
import { createPromptStore } from '../state/promptStore'

/** Whether the leave calendar is open, and on which day (its prompt). Its own store: only the calendar uses it. */
export const useCalendar = createPromptStore<CalendarDate>()

/** Today on this computer's calendar (not UTC's). */
export function todayHere(now: Date = new Date()): CalendarDate {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
