import { contentChanges } from './contentChanges'
import type { DraftContent, DraftItem } from './draftContent'

type Field = keyof DraftContent
export type Side = 'mine' | 'payroll'

/** The clerk's answer for each field both sides changed differently ("Keep mine" asks only for those). */
export type FieldChoices = Partial<Record<Field, Side>>

export interface KeepMineAnswers {
  choices: FieldChoices
  /**
   * The days refitted to dates taken from another side (the manager's approved days, the clerk's new
   * dates): the shared calculation of the file's day rules. Without it, lines outside the dates are dropped.
   */
  fitDays?: (content: DraftContent) => DraftItem[]
}

export interface Resolution {
  content: DraftContent
  /** Where each field's value comes from. */
  from: Readonly<Record<Field, Side>>
  /** Fields both sides changed to different values, not yet answered: nothing can be sent until they are. */
  open: Field[]
  /** The days came from one side and the dates from the other, so the days were fitted to the dates. */
  daysFitted: boolean
}

const FIELDS: readonly Field[] = ['employeeId', 'leaveTypePayItemId', 'startDate', 'endDate', 'leaveStatus', 'notes', 'items']

const changed = (a: DraftContent, b: DraftContent) => new Set(contentChanges(a, b).map((change) => change.field))

/**
 * Keep mine, field by field, from the version both started at (`base`, the version read), payroll's
 * version now and the clerk's: where only one side changed a field that side's value is kept (a manager's
 * approval and its days, the clerk's new dates); where both changed it differently the clerk's choice
 * decides, and until then the field is open. Without the version read, every differing field is open.
 */
export function resolveConflict(base: DraftContent | undefined, payroll: DraftContent, mine: DraftContent, answers: KeepMineAnswers): Resolution {
  const differ = changed(payroll, mine)
  const byPayroll = base ? changed(base, payroll) : differ
  const byMe = base ? changed(base, mine) : differ
  const from = {} as Record<Field, Side>
  const open: Field[] = []
  for (const field of FIELDS) {
    if (!differ.has(field)) from[field] = 'mine'
    else if (byPayroll.has(field) && !byMe.has(field)) from[field] = 'payroll'
    else if (byMe.has(field) && !byPayroll.has(field)) from[field] = 'mine'
    else {
      const choice = answers.choices[field]
      if (choice === undefined) open.push(field)
      from[field] = choice ?? 'mine'
    }
  }
  const pick = <K extends Field>(field: K): DraftContent[K] => (from[field] === 'payroll' ? payroll : mine)[field]
  const content: DraftContent = {
    startDate: pick('startDate'),
    endDate: pick('endDate'),
    leaveStatus: pick('leaveStatus'),
    notes: pick('notes'),
    items: pick('items').map((item) => ({ ...item }))
  }
  const employeeId = pick('employeeId')
  if (employeeId !== undefined) content.employeeId = employeeId
  const leaveTypePayItemId = pick('leaveTypePayItemId')
  if (leaveTypePayItemId !== undefined) content.leaveTypePayItemId = leaveTypePayItemId
  const daysSource = from.items === 'payroll' ? payroll : mine
  const datesMoved = content.startDate !== daysSource.startDate || content.endDate !== daysSource.endDate
  if (!datesMoved) return { content, from, open, daysFitted: false }
  const fitted = answers.fitDays ? answers.fitDays(content) : content.items.filter((item) => item.date >= content.startDate && item.date <= content.endDate)
  return { content: { ...content, items: fitted }, from, open, daysFitted: true }
}
