import type { CachedEmployee, CachedLeaveType, DraftRecord } from '../db'
import type { AwayEntry } from '../calendar/awayByDay'
import { toCsv } from './toCsv'

export const MONTH_HEADER = ['Employee', 'Leave type', 'First day', 'Last day', 'Approval', 'Days away this month', 'In payroll', 'Notes'] as const

/**
 * The calendar's month as shown (its filters applied): one line per request with the days it is away in
 * the month, in the order the requests start. Dates as written (calendar days, no time zone).
 */
export function monthCsv(
  days: ReadonlyMap<string, readonly AwayEntry[]>,
  monthFirst: string,
  monthLast: string,
  drafts: ReadonlyMap<string, DraftRecord>,
  employeesById: ReadonlyMap<number, CachedEmployee>,
  leaveTypesById: ReadonlyMap<number, CachedLeaveType>
): string {
  const daysAway = new Map<string, number>()
  for (const [date, entries] of days) {
    if (date < monthFirst || date > monthLast) continue
    for (const entry of entries) daysAway.set(entry.draftId, (daysAway.get(entry.draftId) ?? 0) + 1)
  }
  const rows = [...daysAway.entries()]
    .flatMap(([id, count]) => {
      const draft = drafts.get(id)
      return draft ? [{ draft, count }] : []
    })
    .sort((a, b) => (a.draft.startDate < b.draft.startDate ? -1 : a.draft.startDate > b.draft.startDate ? 1 : a.draft.seq - b.draft.seq))
    .map(({ draft, count }) => [
      draft.employeeId === undefined ? '' : (employeesById.get(draft.employeeId)?.displayName ?? `Employee ${draft.employeeId}`),
      draft.leaveTypePayItemId === undefined ? '' : (leaveTypesById.get(draft.leaveTypePayItemId)?.name ?? ''),
      draft.startDate,
      draft.endDate,
      draft.leaveStatus,
      count,
      draft.serverId !== undefined ? `Yes, #${draft.serverId}` : 'Not yet',
      draft.notes
    ])
  return toCsv(MONTH_HEADER, rows)
}
