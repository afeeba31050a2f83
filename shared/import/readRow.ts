import type { LeaveStatus } from '../leaveRequestSchema'
import type { RequestAsEntered } from '../requestAsEntered'
import { readDate, type DateFormat } from './dateFormat'
import { columnLetter } from './importError'
import { importFieldLabels, normaliseWords, type ColumnMapping, type ImportField } from './importFields'
import type { EmployeeMatcher, LeaveTypeMatch } from './matchReference'

export interface RowContext {
  mapping: ColumnMapping
  dateFormat: DateFormat
  matchEmployee: EmployeeMatcher
  matchLeaveType: (text: string) => LeaveTypeMatch
  /** The clerk's answers to "which employee is this?", keyed by employeeAnswerKey of the cell. */
  employeeAnswers: ReadonlyMap<string, number>
  /** The header row, to name columns in messages; absent for a file without one. */
  headers?: readonly string[]
}

/** How the row gives its hours; 'default' when it gives none (the clerk's usual hours a day apply). */
export type RowHours = { kind: 'per-day'; hours: number } | { kind: 'total'; hours: number } | { kind: 'default' }

export interface RowProblem {
  field: ImportField
  /** 1-based, as the spreadsheet numbers columns. */
  column?: number
  message: string
}

/** A question the clerk must answer before the row can be imported. */
export interface EmployeeQuestion {
  /** The cell as written. */
  text: string
  /** Same text in any case or spacing → same answer, so one answer settles every row naming them. */
  key: string
  /** Who it might be; empty when nobody has that name. */
  candidates: number[]
}

export interface ReadRow extends RequestAsEntered {
  rowNumber: number
  hours: RowHours
  question?: EmployeeQuestion
  problems: RowProblem[]
}

const STATUSES: Readonly<Record<string, LeaveStatus>> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', declined: 'Rejected' }

export const employeeAnswerKey = (text: string) => normaliseWords(text)

/** One spreadsheet row read into the fields of a leave request, with a problem for each cell that does not read. */
export function readRow(cells: readonly string[], rowNumber: number, context: RowContext): ReadRow {
  const { mapping } = context
  const problems: RowProblem[] = []
  const cell = (field: ImportField) => {
    const column = mapping[field]
    return column === undefined ? '' : (cells[column] ?? '').trim()
  }
  const problem = (field: ImportField, message: string) => {
    const column = mapping[field]
    problems.push({ field, message: `${where(column, field, context.headers)}: ${message}`, ...(column === undefined ? {} : { column: column + 1 }) })
  }
  const row: ReadRow = { rowNumber, startDate: '', endDate: '', leaveStatus: 'Pending', notes: cell('notes'), hours: { kind: 'default' }, problems }

  const employeeText = cell('employee')
  const key = employeeAnswerKey(employeeText)
  const answered = context.employeeAnswers.get(key)
  const employee = context.matchEmployee(employeeText)
  if (employee.kind === 'found') row.employeeId = employee.id
  else if (employee.kind === 'empty') problem('employee', 'no employee given.')
  else {
    // The question stays on the row once answered, so the clerk can change the answer.
    row.question = { text: employeeText, key, candidates: employee.kind === 'ambiguous' ? employee.candidates : [] }
    if (answered !== undefined) row.employeeId = answered
    else problem('employee', employee.kind === 'ambiguous' ? `“${employeeText}” could be more than one employee: choose who.` : `no employee called “${employeeText}”: choose who, or skip the row.`)
  }

  const typeText = cell('leaveType')
  const type = context.matchLeaveType(typeText)
  if (type.kind === 'found') row.leaveTypePayItemId = type.id
  else if (type.kind === 'empty') problem('leaveType', 'no leave type given.')
  else if (type.kind === 'ambiguous') problem('leaveType', `“${typeText}” could be ${type.names.join(' or ')}.`)
  else problem('leaveType', `there is no leave type “${typeText}”.`)

  const startText = cell('startDate')
  const start = startText === '' ? null : readDate(startText, context.dateFormat)
  if (startText === '') problem('startDate', 'no first day given.')
  else if (!start) problem('startDate', `“${startText}” is not a date.`)
  else row.startDate = start
  // A file with one date column is a list of single days.
  const endText = mapping.endDate === undefined ? startText : cell('endDate')
  const end = endText === '' ? null : readDate(endText, context.dateFormat)
  if (endText === '') problem('endDate', 'no last day given.')
  else if (!end) {
    if (mapping.endDate !== undefined) problem('endDate', `“${endText}” is not a date.`)
  } else row.endDate = end

  const statusText = cell('status')
  if (statusText !== '') {
    const status = STATUSES[normaliseWords(statusText)]
    if (status) row.leaveStatus = status
    else problem('status', `“${statusText}” is not an approval (use Pending, Approved or Rejected).`)
  }

  row.hours = readHours(cell('hoursPerDay'), cell('totalHours'), problem)
  return row
}

function readHours(perDay: string, total: string, problem: (field: ImportField, message: string) => void): RowHours {
  if (perDay !== '') {
    const hours = readNumber(perDay)
    if (hours === null || hours <= 0 || hours > 24) problem('hoursPerDay', `“${perDay}” is not a number of hours in a day (more than 0, at most 24).`)
    else return { kind: 'per-day', hours }
  } else if (total !== '') {
    const hours = readNumber(total)
    if (hours === null || hours <= 0) problem('totalHours', `“${total}” is not a number of hours.`)
    else return { kind: 'total', hours }
  }
  return { kind: 'default' }
}

/** "7.6", "7,6" (a European spreadsheet), "7.6 h". */
function readNumber(text: string): number | null {
  const cleaned = text.replace(/\s*(h|hrs?|hours?)$/i, '').replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  return Number(cleaned)
}

/** 'Column C “First day”' — the letter the spreadsheet shows and the header the clerk wrote. */
export function where(column: number | undefined, field: ImportField, headers: readonly string[] | undefined): string {
  if (column === undefined) return importFieldLabels[field]
  const header = headers?.[column]
  return `Column ${columnLetter(column + 1)}${header ? ` “${header}”` : ` (${importFieldLabels[field].toLowerCase()})`}`
}
