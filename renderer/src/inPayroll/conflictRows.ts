import type { PayrollCopy } from '../db'
import { contentChanges } from '../drafts'
import type { DraftContent, DraftItem } from '../drafts/draftContent'
import { totalHours } from '../drafts/totalHours'
import { formatHours } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { CONTENT_FIELDS, fieldWords, type ContentField } from './contentWords'

/** Which side changed a field that differs, from the version both started at. */
export type ConflictSide = 'same' | 'payroll' | 'mine' | 'both'

/** One line of the conflict view: a field, payroll's value and the clerk's, and who changed it. */
export interface ConflictRow {
  field: ContentField
  label: string
  payroll: string | string[]
  mine: string | string[]
  side: ConflictSide
}

export const SIDE_WORDS: Readonly<Record<ConflictSide, string>> = {
  same: 'Same',
  payroll: 'Changed in payroll',
  mine: 'Changed by you',
  both: 'Changed in both'
}

const changedFields = (a: DraftContent, b: DraftContent) => new Set(contentChanges(a, b).map((change) => change.field))

/**
 * Payroll's current version and the clerk's change, field by field in the editor's order. A field that
 * differs says who changed it since the version the change was based on (`base`); without that version
 * both count as changed.
 */
export function conflictRows(
  payroll: DraftContent,
  mine: DraftContent,
  base: PayrollCopy | undefined,
  names: Pick<ReferenceData, 'employeesById' | 'leaveTypesById'>
): ConflictRow[] {
  const differ = changedFields(payroll, mine)
  const byPayroll = base ? changedFields(base.content, payroll) : differ
  const byMe = base ? changedFields(base.content, mine) : differ
  return CONTENT_FIELDS.map(({ field, label }) => {
    const side: ConflictSide = !differ.has(field)
      ? 'same'
      : byPayroll.has(field) && !byMe.has(field)
        ? 'payroll'
        : byMe.has(field) && !byPayroll.has(field)
          ? 'mine'
          : 'both'
    // The same days need no reading day by day: a summary keeps what differs on screen.
    const words = (content: DraftContent) => (field === 'items' && side === 'same' ? daysSummary(content.items) : fieldWords(field, content, names))
    return { field, label, payroll: words(payroll), mine: words(mine), side }
  })
}

/** "3 days, 22.8 h" */
function daysSummary(items: readonly DraftItem[]): string {
  if (items.length === 0) return 'No days'
  return `${items.length} ${items.length === 1 ? 'day' : 'days'}, ${formatHours(totalHours({ items }))}`
}
