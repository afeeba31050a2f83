import { create } from 'zustand'
import type { CalendarDate } from '../../../shared/calendarDate'

/** Whether the leave calendar is open, and on which day. Its own store: only the calendar uses it. */
interface CalendarState {
  openOn: CalendarDate | null
  open(date: CalendarDate): void
  close(): void
}

export const useCalendar = create<CalendarState>((set) => ({
  openOn: null,
  open: (date) => set({ openOn: date }),
  close: () => set({ openOn: null })
}))

/** Today on this computer's calendar (not UTC's). */
export function todayHere(now: Date = new Date()): CalendarDate {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
