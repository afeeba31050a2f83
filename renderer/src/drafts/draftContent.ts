import type { CalendarDate } from '../../../shared/calendarDate'
import type { RequestAsEntered } from '../../../shared/requestAsEntered'

/** One day of leave as the clerk enters it. */
export interface DraftItem {
  date: CalendarDate
  hours: number
  isPaid: boolean
  /** Set on a line payroll has paid in a pay run: locked in the editor, and payroll refuses a change to it. */
  processedInPayRunId?: number
}

/**
 * What the clerk types into the editor: everything the API needs, in the editor's own names. Dates are
 * calendar dates or '' while the field is still empty; ids are absent until something is chosen.
 */
export interface DraftContent extends RequestAsEntered {
  items: DraftItem[]
}

export function emptyDraftContent(): DraftContent {
  return { startDate: '', endDate: '', leaveStatus: 'Pending', notes: '', items: [] }
}

const CONTENT_KEYS = [
  'employeeId',
  'leaveTypePayItemId',
  'startDate',
  'endDate',
  'leaveStatus',
  'notes',
  'items'
] as const satisfies readonly (keyof DraftContent)[]

const CLEARABLE_KEYS: ReadonlySet<string> = new Set(['employeeId', 'leaveTypePayItemId'])

/**
 * Only the content fields of `source`, so a patch coming from a form can never overwrite the status or
 * the queue's bookkeeping. `employeeId: undefined` clears the choice; undefined for a field that always
 * has a value means "unchanged". Items are copied so the stored draft never shares arrays with the caller.
 */
export function pickDraftContent(source: Partial<DraftContent>): Partial<DraftContent> {
  const picked: Partial<DraftContent> = {}
  for (const key of CONTENT_KEYS) {
    if (!(key in source)) continue
    const value = source[key]
    if (value === undefined && !CLEARABLE_KEYS.has(key)) continue
    Object.assign(picked, { [key]: key === 'items' ? (value as DraftItem[]).map((item) => ({ ...item })) : value })
  }
  return picked
}
