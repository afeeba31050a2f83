import Papa from 'papaparse'

/**
 * Where a spreadsheet may start a cell inside a text field: the field's start, and after any character a
 * spreadsheet may split fields or rows on. Excel in locales whose list separator is `;` (de-DE, fr-FR …)
 * splits this comma-separated file on `;`, and quotes only count at the start of what it takes for a
 * field, so `x;=1+1` in a note becomes a cell `=1+1`. Commas, tabs and line breaks (a quoted line break
 * ends the row there too) are the other separators. Spaces between a separator and the formula
 * character do not stop Excel.
 */
const FORMULA_AFTER_SEPARATOR = /(?<=^|[,;\t\r\n]) *(?=[=+\-@\t\r])/g

export type CsvCell = string | number | null | undefined

/**
 * A text cell that no spreadsheet runs as a formula, whatever separator it splits on: each formula
 * character (`=`, `+`, `-`, `@`, tab, carriage return: OWASP's list for CSV injection) that could start
 * a cell gets an apostrophe before it, so it shows as the text it is.
 */
export function neutraliseFormulae(text: string): string {
  return text.replace(FORMULA_AFTER_SEPARATOR, "$&'")
}

/**
 * Rows as CSV that Excel opens correctly: a UTF-8 byte-order mark (without it Excel reads names with
 * accents as Windows-1252), CRLF line ends, and every text cell neutralised (above). Numbers stay numbers.
 * papaparse's own `escapeFormulae` looks only at a field's start, hence the neutralising here.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const safeCell = (cell: CsvCell) => (typeof cell === 'string' ? neutraliseFormulae(cell) : (cell ?? ''))
  const body = Papa.unparse(
    { fields: header.map(neutraliseFormulae), data: rows.map((cells) => cells.map(safeCell)) },
    { newline: '\r\n', quotes: false }
  )
  return `\ufeff${body}\r\n`
}
