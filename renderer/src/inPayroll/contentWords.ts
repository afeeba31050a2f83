import type { FieldChange } from '../drafts'
import { emptyDraftContent, type DraftContent, type DraftItem } from '../drafts/draftContent'
import { formatDate, formatHours, formatWeekday } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'

/** A request's fields as the clerk reads them: the editor's labels, values in words (never the API's names). */

export type ContentField = keyof DraftContent

/** In the editor's order, with the editor's labels. */
export const CONTENT_FIELDS: readonly { field: ContentField; label: string }[] = [
  { field: 'employeeId', label: 'Employee' },
  { field: 'leaveTypePayItemId', label: 'Leave type' },
  { field: 'startDate', label: 'First day' },
  { field: 'endDate', label: 'Last day' },
  { field: 'leaveStatus', label: 'Approval' },
  { field: 'items', label: 'Days of leave' },
  { field: 'notes', label: 'Notes' }
]

export const fieldLabel = (field: ContentField): string => CONTENT_FIELDS.find((entry) => entry.field === field)?.label ?? field

type Names = Pick<ReferenceData, 'employeesById' | 'leaveTypesById'>

/** "Mon 4 Jan 2027: 7.6 h, paid", with "(paid in a pay run)" for a line payroll has processed. */
export function itemWords(item: DraftItem): string {
  const processed = item.processedInPayRunId === undefined ? '' : ' (paid in a pay run)'
  return `${formatWeekday(item.date)} ${formatDate(item.date)}: ${formatHours(item.hours)}, ${item.isPaid ? 'paid' : 'unpaid'}${processed}`
}

/** One field's value in words; days of leave as one line per day. */
export function fieldWords(field: ContentField, content: DraftContent, names: Names): string | string[] {
  switch (field) {
    case 'employeeId':
      return content.employeeId === undefined ? '—' : (names.employeesById.get(content.employeeId)?.displayName ?? `Employee ${content.employeeId}`)
    case 'leaveTypePayItemId':
      return content.leaveTypePayItemId === undefined
        ? '—'
        : (names.leaveTypesById.get(content.leaveTypePayItemId)?.name ?? `Leave type ${content.leaveTypePayItemId}`)
    case 'startDate':
    case 'endDate':
      return formatDate(content[field]) || '—'
    case 'leaveStatus':
      return content.leaveStatus
    case 'items':
      return content.items.length === 0 ? ['No days'] : content.items.map(itemWords)
    case 'notes':
      return content.notes.trim() === '' ? '(none)' : content.notes
  }
}

/** "Approval: Pending → Approved"; a long field (days, notes) just says it changed and how much. */
export function changeWords(change: FieldChange, names: Names): string {
  const { field } = change
  const label = fieldLabel(field)
  const before = { ...emptyDraftContent(), [field]: change.before } as DraftContent
  const after = { ...emptyDraftContent(), [field]: change.after } as DraftContent
  if (field === 'items') return `${label}: ${itemChanges(before.items, after.items)}`
  if (field === 'notes') return `${label} changed`
  return `${label}: ${String(fieldWords(field, before, names))} → ${String(fieldWords(field, after, names))}`
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`

/** "Mon 4 Jan", "Mon 4 Jan, Tue 5 Jan and 1 more": which days, as the clerk reads dates. */
function whichDays(dates: readonly string[]): string {
  const shown = dates.slice(0, 3).map((date) => `${formatWeekday(date)} ${formatDate(date)}`)
  const more = dates.length - shown.length
  if (more > 0) return `${shown.join(', ')} and ${more} more`
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
}

/** "1 day added, 2 days now paid in a pay run": how the days differ, by date. */
function itemChanges(before: readonly DraftItem[], after: readonly DraftItem[]): string {
  const old = new Map(before.map((item) => [item.date, item]))
  const now = new Map(after.map((item) => [item.date, item]))
  let added = 0
  let changed = 0
  const changedDays: string[] = []
  let paidInPayRun = 0
  for (const item of after) {
    const was = old.get(item.date)
    if (!was) added += 1
    else if (was.hours !== item.hours || was.isPaid !== item.isPaid) {
      changed += 1
      changedDays.push(item.date)
    }
    else if (was.processedInPayRunId === undefined && item.processedInPayRunId !== undefined) paidInPayRun += 1
  }
  const removed = before.filter((item) => !now.has(item.date)).length
  const parts = [
    added > 0 ? `${days(added)} added` : '',
    removed > 0 ? `${days(removed)} removed` : '',
    changed > 0 ? `${days(changed)} with other hours or pay (${whichDays(changedDays)})` : '',
    paidInPayRun > 0 ? `${days(paidInPayRun)} now paid in a pay run` : ''
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : 'changed'
}
