import type { DraftContent, DraftItem } from './draftContent'

/** One field that differs between two versions of a request, by the editor's field name. */
export type FieldChange = {
  [K in keyof DraftContent]-?: { field: K; before: DraftContent[K]; after: DraftContent[K] }
}[keyof DraftContent]

/** In the order the editor shows them, so a list of changes reads top to bottom like the form. */
const FIELDS = ['employeeId', 'leaveTypePayItemId', 'startDate', 'endDate', 'leaveStatus', 'notes', 'items'] as const satisfies readonly (keyof DraftContent)[]

const itemKey = (item: DraftItem) => `${item.date}|${item.hours}|${item.isPaid}|${item.processedInPayRunId ?? ''}`

/** Lines compare by day, whatever order they are listed in (payroll numbers them; the editor sorts them). */
function sameItems(a: readonly DraftItem[], b: readonly DraftItem[]): boolean {
  if (a.length !== b.length) return false
  const left = a.map(itemKey).sort()
  const right = b.map(itemKey).sort()
  return left.every((key, index) => key === right[index])
}

/** What changed from `before` to `after`, field by field; empty when they hold the same request. */
export function contentChanges(before: DraftContent, after: DraftContent): FieldChange[] {
  const changes: FieldChange[] = []
  for (const field of FIELDS) {
    const same = field === 'items' ? sameItems(before.items, after.items) : before[field] === after[field]
    if (!same) changes.push({ field, before: before[field], after: after[field] } as FieldChange)
  }
  return changes
}
