import Papa from 'papaparse'
import { columnLetter, type ImportError } from './importError'
import { MAX_IMPORT_ROWS } from './importLimits'
import type { Result } from '../result'
import { SEPARATORS, type Separator } from './sheet'

export interface DelimitedTable {
  rows: string[][]
  separator: Separator
}

/**
 * Splits text into rows and cells with papaparse, guessing the separator among `,` `;` and tab.
 * A quote left open, or a row with more cells than the first row has, is refused with the row and
 * column it happens at: those are files a spreadsheet saved wrongly, and reading on would shift every
 * later cell into the wrong column.
 */
export function readDelimited(text: string, separator?: Separator): Result<DelimitedTable, ImportError> {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: separator ?? '',
    delimitersToGuess: [...SEPARATORS],
    skipEmptyLines: 'greedy'
  })
  const rows = parsed.data
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes')
  if (quoteError) {
    const row = (quoteError.row ?? rows.length - 1) + 1
    const column = columnOfOpenQuote(rows[row - 1])
    return {
      ok: false,
      error: {
        code: 'malformed',
        row,
        column,
        message: `Row ${row}, column ${columnLetter(column)}: a quote (") is opened and never closed, so the cells after it cannot be told apart.`
      }
    }
  }
  if (rows.length === 0) return { ok: false, error: { code: 'empty', message: 'The file has no rows.' } }
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      error: { code: 'too-many-rows', message: `The file has ${rows.length.toLocaleString('en')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en')} can be imported at once. Split it into smaller files.` }
    }
  }
  const width = rows[0]?.length ?? 0
  const guessed = (SEPARATORS as readonly string[]).includes(parsed.meta.delimiter) ? (parsed.meta.delimiter as Separator) : ','
  for (let index = 1; index < rows.length; index++) {
    const cells = rows[index] ?? []
    const extra = lastFilledIndex(cells) + 1
    if (extra > width) {
      const row = index + 1
      return {
        ok: false,
        error: {
          code: 'malformed',
          row,
          column: width + 1,
          message: `Row ${row}, column ${columnLetter(width + 1)}: this row has ${extra} cells but the first row has ${width}. Check for a ${separatorWord(guessed)} inside a cell that is not in quotes.`
        }
      }
    }
  }
  return { ok: true, value: { rows: rows.map((cells) => cells.map((cell) => cell.trim())), separator: guessed } }
}

function lastFilledIndex(cells: readonly string[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if ((cells[i] ?? '').trim() !== '') return i
  return -1
}

/** The cell the stray quote starts in: the last cell papaparse managed to start on that row. */
function columnOfOpenQuote(cells: readonly string[] | undefined): number {
  return Math.max(1, cells?.length ?? 1)
}

function separatorWord(separator: Separator): string {
  return separator === '\t' ? 'tab' : separator === ';' ? 'semicolon' : 'comma'
}
