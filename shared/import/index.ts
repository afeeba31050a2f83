export { readSpreadsheet, readPastedCells } from './readSpreadsheet'
export { decodeText, encodingLabels, type TextEncodingName } from './decodeText'
export { columnLetter, type ImportError, type ImportErrorCode } from './importError'
export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, describeBytes } from './importLimits'
export { IMPORT_FIELDS, importFieldLabels, type ColumnMapping, type ImportField } from './importFields'
export { guessMappingFromHeaders, looksLikeHeaderRow } from './guessMapping'
export { guessMappingFromContent } from './guessFromContent'
export { dateFormatLabels, defaultDateFormatFor, detectDateFormat, readDate, type DateFormat } from './dateFormat'
export {
  createEmployeeMatcher,
  createLeaveTypeMatcher,
  type EmployeeMatch,
  type EmployeeMatcher,
  type EmployeeToMatch,
  type LeaveTypeToMatch
} from './matchReference'
export { readRow, employeeAnswerKey, type ReadRow, type RowContext, type RowHours, type RowProblem, type EmployeeQuestion } from './readRow'
export { separatorLabels, type Sheet, type SheetOrigin, type Separator } from './sheet'
