import type { Result } from '../result'
import type { ImportError } from './importError'
import { MAX_IMPORT_ROWS } from './importLimits'

export interface XlsxTable {
  rows: string[][]
  sheetName: string
}

/**
 * The first sheet of an .xlsx workbook, every cell as text. read-excel-file reads the values the
 * workbook stores; it never evaluates a formula (a formula cell gives the result Excel last saved) and
 * never fetches anything (external links stay text), which is what a file from someone's inbox needs.
 * Date cells come as dates and are written back as YYYY-MM-DD, which the date reader takes as is.
 * The reader is loaded on the first workbook, not with the app: most clerks never import one. It reads only
 * what xlsxArchive.ts unpacked within its limits (a zip bomb or a sheet of 100,000 rows is refused there).
 */
export async function readXlsx(bytes: Uint8Array): Promise<Result<XlsxTable, ImportError>> {
  const { repackStored, tooManyRows, unpackXlsx } = await import('./xlsxArchive')
  const unpacked = unpackXlsx(bytes)
  if (!unpacked.ok) {
    const { inflated: _inflated, ...error } = unpacked.error
    return { ok: false, error }
  }
  const { default: readXlsxFile, InvalidInputError } = await import('read-excel-file/universal')
  try {
    const sheets = await readXlsxFile(repackStored(unpacked.value))
    const first = sheets[0]
    if (!first || first.data.length === 0) return { ok: false, error: { code: 'empty', message: 'The workbook’s first sheet has no rows.' } }
    const rows = dropEmptyRows(first.data.map((cells) => cells.map(cellText)))
    // The same limit as every other format (rows written with a prefix, <x:row>, were not counted before).
    if (rows.length > MAX_IMPORT_ROWS) return { ok: false, error: tooManyRows(rows.length) }
    return { ok: true, value: { rows, sheetName: first.sheet } }
  } catch (error) {
    const oldExcel = error instanceof InvalidInputError && error.code === 'XLS_FILE_NOT_SUPPORTED'
    return { ok: false, error: { code: 'not-a-spreadsheet', message: whyNotXlsx(oldExcel) } }
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (typeof value === 'number' || typeof value === 'string') return String(value).trim()
  return ''
}

function dropEmptyRows(rows: string[][]): string[][] {
  return rows.filter((cells) => cells.some((cell) => cell !== ''))
}

function whyNotXlsx(oldExcel: boolean): string {
  if (oldExcel) {
    return 'This is an old Excel file (.xls). Save it as .xlsx or CSV in Excel, then import that.'
  }
  return 'This file is not an Excel workbook (.xlsx) that can be read. Save it again as .xlsx or CSV.'
}
