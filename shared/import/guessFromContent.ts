import { readDate } from './dateFormat'
import type { ColumnMapping } from './importFields'
import type { EmployeeMatcher, LeaveTypeMatch } from './matchReference'

const SAMPLE_ROWS = 50
const STATUS_WORDS = /^(pending|approved|rejected|declined)$/i

/**
 * A mapping for cells pasted without their header row, from what the cells hold: names of employees,
 * names of leave types, dates (the first date column is the first day, the second the last day),
 * approvals, hours (above 24 in any row means total hours). A column of other text is the notes.
 * The clerk sees and can change the result in the preview, as with a guess from headers.
 */
export function guessMappingFromContent(
  rows: readonly (readonly string[])[],
  matchEmployee: EmployeeMatcher,
  matchLeaveType: (text: string) => LeaveTypeMatch
): ColumnMapping {
  const sample = rows.slice(0, SAMPLE_ROWS)
  const width = Math.max(0, ...sample.map((cells) => cells.length))
  const mapping: ColumnMapping = {}
  for (let column = 0; column < width; column++) {
    const values = sample.map((cells) => (cells[column] ?? '').trim()).filter((value) => value !== '')
    if (values.length === 0) continue
    const share = (test: (value: string) => boolean) => values.filter(test).length / values.length
    if (share((v) => readDate(v, 'dmy') !== null) > 0.8) {
      if (mapping.startDate === undefined) mapping.startDate = column
      else if (mapping.endDate === undefined) mapping.endDate = column
    } else if (mapping.status === undefined && share((v) => STATUS_WORDS.test(v)) > 0.8) {
      mapping.status = column
    } else if (mapping.leaveType === undefined && share((v) => matchLeaveType(v).kind === 'found') > 0.5) {
      mapping.leaveType = column
    } else if (mapping.employee === undefined && share((v) => matchEmployee(v).kind !== 'unknown') > 0.5) {
      mapping.employee = column
    } else if (share((v) => /^\d+([.,]\d+)?$/.test(v)) > 0.8) {
      const total = values.some((v) => Number(v.replace(',', '.')) > 24)
      if (total && mapping.totalHours === undefined) mapping.totalHours = column
      else if (!total && mapping.hoursPerDay === undefined) mapping.hoursPerDay = column
    } else if (mapping.notes === undefined) {
      mapping.notes = column
    }
  }
  return mapping
}
