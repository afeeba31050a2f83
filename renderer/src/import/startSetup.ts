import {
  createEmployeeMatcher,
  createLeaveTypeMatcher,
  detectDateFormat,
  guessMappingFromContent,
  guessMappingFromHeaders,
  looksLikeHeaderRow,
  type ColumnMapping,
  type DateFormat,
  type Sheet
} from '../../../shared/import'
import { dataRowsOf, type ImportReference, type ImportSetup } from './previewRows'

export interface SetupChoices {
  /** The locale's date order, used when the file's dates read the same either way. */
  fallbackDateFormat: DateFormat
  /** What the clerk chose last time for a file laid out like this one, if anything. */
  rememberedMapping?: ColumnMapping
}

/** The first guess at an import's setup: header row or not, the columns' meaning, the date order. */
export function startSetup(sheet: Sheet, reference: ImportReference, choices: SetupChoices): ImportSetup & { dateFormatCertain: boolean } {
  const hasHeader = looksLikeHeaderRow(sheet.rows[0] ?? [])
  const rows = dataRowsOf({ sheet, hasHeader })
  const mapping =
    choices.rememberedMapping ??
    (hasHeader
      ? guessMappingFromHeaders(sheet.rows[0] ?? [])
      : guessMappingFromContent(
          rows.map((row) => row.cells),
          createEmployeeMatcher(reference.employees),
          createLeaveTypeMatcher(reference.leaveTypes)
        ))
  const detected = detectDateFormat(dateCells(rows, mapping), choices.fallbackDateFormat)
  return { sheet, hasHeader, mapping, dateFormat: detected.format, dateFormatCertain: detected.certain, employeeAnswers: new Map() }
}

function dateCells(rows: { cells: string[] }[], mapping: ColumnMapping): string[] {
  const columns = [mapping.startDate, mapping.endDate].filter((column): column is number => column !== undefined)
  return rows.flatMap((row) => columns.map((column) => row.cells[column] ?? ''))
}
