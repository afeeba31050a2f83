import { readDate } from './dateFormat'
import { IMPORT_FIELDS, normaliseWords, type ColumnMapping, type ImportField } from './importFields'

/**
 * Headers clerks and managers actually write, for each field. Exact (normalised) matches win; then a
 * header containing one of these phrases ("Employee name (as in payroll)") counts, longest phrase first.
 */
const HEADER_PHRASES: Readonly<Record<ImportField, readonly string[]>> = {
  employee: ['employee', 'employee name', 'employee id', 'payroll id', 'emp id', 'staff', 'staff member', 'name', 'person', 'worker', 'who'],
  leaveType: ['leave type', 'type of leave', 'type', 'leave', 'pay item', 'leave kind', 'category'],
  startDate: ['first day', 'start date', 'start', 'from', 'date from', 'from date', 'begin', 'begins', 'leave start', 'first date'],
  endDate: ['last day', 'end date', 'end', 'to', 'date to', 'to date', 'until', 'finish', 'ends', 'leave end', 'last date'],
  status: ['approval', 'status', 'approved', 'state', 'leave status'],
  hoursPerDay: ['hours per day', 'hours day', 'daily hours', 'hours a day', 'h day', 'hrs per day', 'hours each day'],
  totalHours: ['total hours', 'hours', 'total', 'hrs', 'total hrs', 'hours total'],
  notes: ['notes', 'note', 'comment', 'comments', 'reason', 'description', 'remarks', 'details']
}

/** The mapping a header row suggests; fields with no matching header are left out. */
export function guessMappingFromHeaders(headers: readonly string[]): ColumnMapping {
  const normalised = headers.map(normaliseWords)
  const mapping: ColumnMapping = {}
  const taken = new Set<number>()
  const claim = (field: ImportField, column: number) => {
    mapping[field] = column
    taken.add(column)
  }
  for (const field of IMPORT_FIELDS) {
    const column = normalised.findIndex((header, index) => !taken.has(index) && HEADER_PHRASES[field].includes(header))
    if (column >= 0) claim(field, column)
  }
  // Then headers that contain a phrase, the longest phrase first, so "Leave type name" is the leave
  // type (contains "leave type") rather than the employee (contains "name").
  const candidates: { field: ImportField; column: number; length: number }[] = []
  for (const field of IMPORT_FIELDS) {
    if (mapping[field] !== undefined) continue
    normalised.forEach((header, column) => {
      if (taken.has(column)) return
      const longest = Math.max(0, ...HEADER_PHRASES[field].filter((phrase) => phrase.length > 3 && containsPhrase(header, phrase)).map((p) => p.length))
      if (longest > 0) candidates.push({ field, column, length: longest })
    })
  }
  for (const candidate of candidates.sort((a, b) => b.length - a.length)) {
    if (mapping[candidate.field] === undefined && !taken.has(candidate.column)) claim(candidate.field, candidate.column)
  }
  return mapping
}

/**
 * A first row is a header row when at least two of its cells read as field names and none reads as a
 * date or a number: "Annual Leave" and "Approved" are field names too, and a pasted row of leave must
 * not be swallowed as the column names.
 */
export function looksLikeHeaderRow(cells: readonly string[]): boolean {
  if (cells.some((cell) => readDate(cell, 'dmy') !== null || /^\s*\d+([.,]\d+)?\s*$/.test(cell))) return false
  return Object.keys(guessMappingFromHeaders(cells)).length >= 2
}

function containsPhrase(header: string, phrase: string): boolean {
  return ` ${header} `.includes(` ${phrase} `)
}
