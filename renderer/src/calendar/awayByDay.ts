import { datesInRange, type CalendarDate } from '../../../shared/calendarDate'
import type { DraftStatus } from '../drafts/draftStatus'

/** A request as the calendar shows it on each of its days. */
export interface AwayEntry {
  draftId: string
  employeeId: number | undefined
  status: DraftStatus
  leaveTypePayItemId: number | undefined
  /** Its approval: Approved, Pending (or Rejected, when the calendar is asked to show those). */
  leaveStatus: string
  /** The same employee has another request on this day. */
  overlaps: boolean
  /** A colleague's request from the team ledger: who entered it, and when. */
  colleague?: ColleagueEntry
}

export interface ColleagueEntry {
  clerkName: string
  enteredAt: number
  serverId?: number
  startDate: string
  endDate: string
}

export interface CalendarRequest {
  id: string
  employeeId?: number
  leaveTypePayItemId?: number
  status: DraftStatus
  leaveStatus: string
  startDate: string
  endDate: string
  items: readonly { date: string }[]
  seq: number
  colleague?: ColleagueEntry
}

/**
 * Who is away on each day from `first` to `last`: a request counts on the days of its lines (the days
 * actually taken), or on every day of its dates while it has no lines yet. Rejected leave is nobody away
 * (unless `keep` asks for it: the approval filter's "Rejected"). `keep` is the calendar's filter.
 */
export function awayByDay(
  requests: readonly CalendarRequest[],
  first: CalendarDate,
  last: CalendarDate,
  keep: (request: CalendarRequest) => boolean = (request) => request.leaveStatus !== 'Rejected'
): Map<CalendarDate, AwayEntry[]> {
  const days = new Map<CalendarDate, AwayEntry[]>()
  const ordered = [...requests].sort((a, b) => a.seq - b.seq)
  for (const request of ordered) {
    if (!keep(request) || !request.startDate || !request.endDate) continue
    const dates = request.items.length > 0 ? [...new Set(request.items.map((item) => item.date))] : datesInRange(request.startDate, request.endDate)
    for (const date of dates) {
      if (date < first || date > last) continue
      const entries = days.get(date) ?? []
      entries.push({
        draftId: request.id,
        employeeId: request.employeeId,
        status: request.status,
        leaveTypePayItemId: request.leaveTypePayItemId,
        leaveStatus: request.leaveStatus,
        overlaps: false,
        ...(request.colleague ? { colleague: request.colleague } : {})
      })
      days.set(date, entries)
    }
  }
  for (const entries of days.values()) {
    const count = new Map<number | undefined, number>()
    for (const entry of entries) count.set(entry.employeeId, (count.get(entry.employeeId) ?? 0) + 1)
    for (const entry of entries) entry.overlaps = entry.employeeId !== undefined && (count.get(entry.employeeId) ?? 0) > 1
  }
  return days
}
