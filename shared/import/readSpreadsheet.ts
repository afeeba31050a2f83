import type { Result } from '../result'
import { decodeText } from './decodeText'
import type { ImportError } from './importError'
import { describeBytes, MAX_IMPORT_BYTES } from './importLimits'
import { readDelimited } from './readDelimited'
import { readXlsx } from './readXlsx'
import type { Sheet } from './sheet'

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/**
 * A file's cells, whatever kind of spreadsheet it is: an .xlsx is recognised by its content (a zip),
 * anything else is read as delimited text. Files over the limit are refused before they are read.
 */
export async function readSpreadsheet(bytes: Uint8Array): Promise<Result<Sheet, ImportError>> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    return {
      ok: false,
      error: {
        code: 'too-large',
        message: `This file is ${describeBytes(bytes.byteLength)}; files up to ${describeBytes(MAX_IMPORT_BYTES)} can be imported. Split it into smaller files.`
      }
    }
  }
  if (bytes.byteLength === 0) return { ok: false, error: { code: 'empty', message: 'The file is empty.' } }
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) {
    const table = await readXlsx(bytes)
    if (!table.ok) return table
    return { ok: true, value: { rows: table.value.rows, origin: { kind: 'xlsx', sheetName: table.value.sheetName } } }
  }
  const { text, encoding } = decodeText(bytes)
  const table = readDelimited(text)
  if (!table.ok) return table
  return { ok: true, value: { rows: table.value.rows, origin: { kind: 'csv', encoding, separator: table.value.separator } } }
}

/** A block pasted from a spreadsheet: Excel, LibreOffice and Google Sheets all copy cells as tab-separated text. */
export function readPastedCells(text: string): Result<Sheet, ImportError> {
  const table = readDelimited(text, text.includes('\t') ? '\t' : undefined)
  if (!table.ok) return table
  return { ok: true, value: { rows: table.value.rows, origin: { kind: 'paste', separator: table.value.separator } } }
}
