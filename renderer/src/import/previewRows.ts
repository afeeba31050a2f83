import type { FieldIssue } from '../../../shared/apiSchemas'
import {
  createEmployeeMatcher,
  createLeaveTypeMatcher,
  readRow,
  type ColumnMapping,
  type DateFormat,
  type EmployeeQuestion,
  type ImportField,
  type ReadRow,
  type Sheet
} from '../../../shared/import'
import { where } from '../../../shared/import/readRow'
import type { CachedEmployee, CachedLeaveType } from '../db'
import { checkDraft } from '../drafts/checkDraft'
import type { PublicHoliday } from '../../../shared/holidays'
import type { HoursChoice, LeaveDays } from '../../../shared/leaveDays'
import type { DraftContent } from '../drafts/draftContent'
import { daysOfRequest, type DayRules } from '../safeguards/dayRules'
import { formatDate } from '../format/formatting'

/** How the clerk has set the import up: which row is the header, what each column means, how dates read. */
export interface ImportSetup {
  sheet: Sheet
  hasHeader: boolean
  mapping: ColumnMapping
  dateFormat: DateFormat
  /** The clerk's answers to "which employee is this?", by EmployeeQuestion.key. */
  employeeAnswers: ReadonlyMap<string, number>
}

export interface ImportReference {
  employees: readonly CachedEmployee[]
  leaveTypes: readonly CachedLeaveType[]
}

/** One row of the preview: the draft it will become, and what stops it (or should give the clerk pause). */
export interface PreviewRow {
  /** As the spreadsheet numbers it (the header is row 1 when there is one). */
  rowNumber: number
  content: DraftContent
  /** Cells that do not read and broken rules, each naming its column. The row cannot be imported while any remain. */
  problems: string[]
  /** Overlaps and duplicates found by the conflicts check; the row starts unticked but may be imported. */
  conflicts: string[]
  question?: EmployeeQuestion
  /** Public holidays on the employee's working days inside the dates: not charged, and named in the preview. */
  holidaysLeftOut?: readonly PublicHoliday[]
}

/** Where a proposed draft's row sits, for a conflicts check to answer by row. */
export interface ProposedDraft {
  rowNumber: number
  content: DraftContent
}

/**
 * The seam for the duplicate/overlap check (built elsewhere, shared with the editor): given every draft
 * the import proposes, the messages for each row that repeats or overlaps another leave, by row number.
 */
export type FindConflicts = (proposed: readonly ProposedDraft[]) => Promise<ReadonlyMap<number, readonly string[]>>

export function dataRowsOf(setup: Pick<ImportSetup, 'sheet' | 'hasHeader'>): { cells: string[]; rowNumber: number }[] {
  const start = setup.hasHeader ? 1 : 0
  return setup.sheet.rows.slice(start).map((cells, index) => ({ cells, rowNumber: start + index + 1 }))
}

/**
 * Every data row read, its days from the shared calculation (the employee's pattern, the file's holidays,
 * the leave type's pay; an hours column sets the hours), checked by the shared rules; conflicts come
 * after, from findConflicts.
 */
export function previewRows(setup: ImportSetup, reference: ImportReference, rules: DayRules): PreviewRow[] {
  const headers = setup.hasHeader ? setup.sheet.rows[0] : undefined
  const context = {
    mapping: setup.mapping,
    dateFormat: setup.dateFormat,
    matchEmployee: createEmployeeMatcher(reference.employees),
    matchLeaveType: createLeaveTypeMatcher(reference.leaveTypes),
    employeeAnswers: setup.employeeAnswers,
    ...(headers ? { headers } : {})
  }
  return dataRowsOf(setup).map(({ cells, rowNumber }) => {
    const read = readRow(cells, rowNumber, context)
    const days = daysOf(read, rules)
    const content = contentOf(read, days)
    const problems = read.problems.map((problem) => problem.message)
    const flagged = new Set<ImportField>(read.problems.map((problem) => problem.field))
    const ruleIssues = new Map<ImportField, string>()
    for (const issue of checkDraft(content)) {
      const field = importFieldOf(issue, setup.mapping)
      if (!flagged.has(field) && !ruleIssues.has(field)) ruleIssues.set(field, issue.message)
    }
    // Hours are laid on the days between the dates: while the dates are wrong, that is the only problem.
    const hours = hoursField(setup.mapping)
    const datesWrong = ['startDate', 'endDate'].some((field) => flagged.has(field as ImportField) || ruleIssues.has(field as ImportField))
    if (datesWrong) ruleIssues.delete(hours)
    else if (content.items.length === 0 && !flagged.has(hours)) {
      ruleIssues.set(hours, `there are no working days from ${formatDate(content.startDate)} to ${formatDate(content.endDate)} to put hours on.`)
    }
    for (const [field, message] of ruleIssues) problems.push(`${where(setup.mapping[field], field, headers)}: ${message}`)
    return { rowNumber, content, problems, conflicts: [], holidaysLeftOut: days.holidaysLeftOut, ...(read.question ? { question: read.question } : {}) }
  })
}

/** The rows with conflicts added; without a conflicts check the rows are as they were. */
export async function withConflicts(rows: PreviewRow[], findConflicts: FindConflicts | undefined): Promise<PreviewRow[]> {
  if (!findConflicts) return rows
  const found = await findConflicts(rows.filter((row) => row.problems.length === 0).map(({ rowNumber, content }) => ({ rowNumber, content })))
  return rows.map((row) => {
    const conflicts = found.get(row.rowNumber)
    return conflicts && conflicts.length > 0 ? { ...row, conflicts: [...conflicts] } : row
  })
}

function contentOf(read: ReadRow, days: LeaveDays): DraftContent {
  return {
    ...(read.employeeId !== undefined ? { employeeId: read.employeeId } : {}),
    ...(read.leaveTypePayItemId !== undefined ? { leaveTypePayItemId: read.leaveTypePayItemId } : {}),
    startDate: read.startDate,
    endDate: read.endDate,
    leaveStatus: read.leaveStatus,
    notes: read.notes,
    items: days.lines
  }
}

const NO_DAYS: LeaveDays = { lines: [], holidaysLeftOut: [] }

function daysOf(read: ReadRow, rules: DayRules): LeaveDays {
  if (read.startDate === '' || read.endDate === '') return NO_DAYS
  const hours: HoursChoice = read.hours.kind === 'total' || read.hours.kind === 'per-day' ? { kind: read.hours.kind, hours: read.hours.hours } : { kind: 'pattern' }
  return daysOfRequest(rules, read, hours)
}

function hoursField(mapping: ColumnMapping): ImportField {
  return mapping.hoursPerDay === undefined && mapping.totalHours !== undefined ? 'totalHours' : 'hoursPerDay'
}

const EDITOR_TO_IMPORT: Readonly<Record<string, ImportField>> = {
  employeeId: 'employee',
  leaveTypePayItemId: 'leaveType',
  startDate: 'startDate',
  endDate: 'endDate',
  leaveStatus: 'status',
  notes: 'notes'
}

function importFieldOf(issue: FieldIssue, mapping: ColumnMapping): ImportField {
  return EDITOR_TO_IMPORT[issue.field] ?? (issue.field.startsWith('items') ? hoursField(mapping) : 'notes')
}
