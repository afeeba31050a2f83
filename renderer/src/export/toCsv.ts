import Papa from 'papaparse'

/**
 * Cells a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, and tab or carriage return (OWASP's
 * list for CSV injection). papaparse's own `escapeFormulae: true` pattern stops at the first line break,
 * so a multi-line note starting with `=` would slip through; this one looks only at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export type CsvCell = string | number | null | undefined

/**
 * Rows as CSV that Excel opens correctly: a UTF-8 byte-order mark (without it Excel reads names with
 * accents as Windows-1252), CRLF line ends, and every text cell that a spreadsheet would take for a
 * formula prefixed with an apostrophe, so it shows as the text it is. Numbers stay numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((cells) => cells.map((cell) => cell ?? '')) },
    { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false }
  )
  return `\ufeff${body}\r\n`
}
