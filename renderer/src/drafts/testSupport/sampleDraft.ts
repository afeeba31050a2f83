import type { CalendarDate } from '../../../../shared/calendarDate'
import type { DraftContent, DraftItem } from '../draftContent'

/** A full working day, paid: the line a clerk enters most. */
export function fullPaidDay(date: CalendarDate): DraftItem {
  return { date, hours: 7.6, isPaid: true }
}

/**
 * A complete draft the tests start from: employee 11, pay item 501, pending, Monday 2 and Tuesday 3 March
 * 2026 as full paid days. A test overrides only what it is about.
 */
export function sampleDraftContent(overrides: Partial<DraftContent> = {}): DraftContent {
  return {
    employeeId: 11,
    leaveTypePayItemId: 501,
    startDate: '2026-03-02',
    endDate: '2026-03-03',
    leaveStatus: 'Pending',
    notes: '',
    items: [fullPaidDay('2026-03-02'), fullPaidDay('2026-03-03')],
    ...overrides
  }
}
