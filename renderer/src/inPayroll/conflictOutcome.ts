import type { DraftContent } from '../drafts/draftContent'
import type { Resolution } from '../drafts/resolveConflict'
import { totalHours } from '../drafts/totalHours'
import { formatDateRange, formatHours } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { fieldWords } from './contentWords'

type Names = Pick<ReferenceData, 'employeesById' | 'leaveTypesById'>

/**
 * What payroll will hold after Keep mine, in one sentence a clerk reads before anything is sent:
 * "Approved Annual Leave for Noah Brown, Tue 29 Dec 2026 – Thu 31 Dec 2026: 3 days, 22.8 h (days fitted
 * to your dates); notes: …".
 */
export function payrollWillHold(resolution: Resolution, names: Names): string {
  const content: DraftContent = resolution.content
  const who = fieldWords('employeeId', content, names)
  const type = fieldWords('leaveTypePayItemId', content, names)
  const { items } = content
  const unpaid = items.length > 0 && items.every((item) => !item.isPaid) ? ', unpaid' : ''
  const days = items.length === 0 ? 'no days' : `${items.length} ${items.length === 1 ? 'day' : 'days'}, ${formatHours(totalHours(content))}${unpaid}`
  const fitted = resolution.daysFitted ? ` (${resolution.from.items === 'payroll' ? 'payroll’s days' : 'your days'} fitted to the dates)` : ''
  const notes = content.notes.trim() === '' ? 'no notes' : `notes “${content.notes}”`
  return `${content.leaveStatus} ${String(type)} for ${String(who)}, ${formatDateRange(content.startDate, content.endDate)}: ${days}${fitted}; ${notes}.`
}
