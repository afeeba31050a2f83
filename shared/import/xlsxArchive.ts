import { Unzip, UnzipInflate, unzipSync, zipSync, type Unzipped } from 'fflate'
import type { Result } from '../result'
import type { ImportError } from './importError'
import { describeBytes, MAX_IMPORT_ROWS, MAX_XLSX_ENTRY_BYTES, MAX_XLSX_INFLATED_BYTES } from './importLimits'

/**
 * An .xlsx is a zip of XML files, and a zip can say 400 KB while holding gigabytes (a zip bomb). So the
 * workbook is unpacked here, within limits, before read-excel-file sees it:
 *  1. the archive's central directory (what fflate's unzip reads; nothing is inflated) gives each XML
 *     entry's inflated size: an entry over MAX_XLSX_ENTRY_BYTES, or entries over MAX_XLSX_INFLATED_BYTES
 *     together, are refused before anything is inflated;
 *  2. those sizes are the archive's word, not a fact: the entries are inflated with fflate's streaming
 *     Unzip, fed a few KB at a time, counting what comes out, and inflating stops the moment an entry or
 *     the whole passes its limit;
 *  3. each worksheet's rows are counted in its XML, so a sheet over MAX_IMPORT_ROWS is refused before it
 *     is parsed into cells (the parse, not the XML, is what took half a gigabyte);
 *  4. read-excel-file then reads exactly the XML unpacked here, packed again without compression, so what
 *     it reads is what was counted (a zip whose central directory and entries disagree changes nothing).
 */

/** Compressed bytes fed to the inflater at a time: deflate expands at most ~1,032:1, so ~4 MB out per step. */
const FEED_BYTES = 4 * 1024
/** The most one feed can inflate to (deflate's limit), for the memory bound the tests check. */
export const MAX_INFLATED_PER_FEED = FEED_BYTES * 1032

/** What read-excel-file reads; images, printer settings and the like are never inflated. */
function isXml(name: string): boolean {
  return name.endsWith('.xml') || name.endsWith('.rels')
}

export type UnpackRefusal = ImportError & { /** Bytes inflated before the refusal (0 when refused from the directory). */ inflated: number }

export function unpackXlsx(bytes: Uint8Array): Result<Unzipped, UnpackRefusal> {
  const declared = checkDeclaredSizes(bytes)
  if (declared) return { ok: false, error: { ...declared, inflated: 0 } }
  return inflateWithinLimits(bytes)
}

/** Step 1: the central directory's sizes, read without inflating anything. */
function checkDeclaredSizes(bytes: Uint8Array): ImportError | null {
  let total = 0
  let refusal: ImportError | null = null
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        if (refusal || !isXml(entry.name)) return false
        total += entry.originalSize
        if (entry.originalSize > MAX_XLSX_ENTRY_BYTES || total > MAX_XLSX_INFLATED_BYTES) refusal = tooMuchInside(total)
        return false
      }
    })
  } catch {
    return notAWorkbook()
  }
  return refusal
}

/** Steps 2 and 3: inflate, counting, and stop at the first limit passed. */
function inflateWithinLimits(bytes: Uint8Array): Result<Unzipped, UnpackRefusal> {
  const files: Unzipped = {}
  let inflated = 0
  let refusal: ImportError | null = null
  const unzipper = new Unzip((entry) => {
    if (refusal || !isXml(entry.name)) return
    const chunks: Uint8Array[] = []
    let size = 0
    entry.ondata = (error, chunk, final) => {
      if (refusal) return
      if (error) {
        refusal = notAWorkbook()
        return
      }
      size += chunk.length
      inflated += chunk.length
      if (size > MAX_XLSX_ENTRY_BYTES || inflated > MAX_XLSX_INFLATED_BYTES) {
        refusal = tooMuchInside(inflated)
        entry.terminate()
        return
      }
      chunks.push(chunk)
      if (final) files[entry.name] = joined(chunks, size)
    }
    entry.start()
  })
  unzipper.register(UnzipInflate)
  try {
    for (let offset = 0; offset < bytes.length && !refusal; offset += FEED_BYTES) {
      const end = Math.min(offset + FEED_BYTES, bytes.length)
      unzipper.push(bytes.subarray(offset, end), end === bytes.length)
    }
  } catch {
    refusal ??= notAWorkbook()
  }
  if (refusal) return { ok: false, error: { ...(refusal as ImportError), inflated } }
  const rows = mostRowsInASheet(files)
  if (rows > MAX_IMPORT_ROWS) return { ok: false, error: { ...tooManyRows(rows), inflated } }
  return { ok: true, value: files }
}

/** Step 4: the unpacked XML as a zip read-excel-file can open, stored without compression. */
export function repackStored(files: Unzipped): ArrayBuffer {
  const packed = zipSync(files, { level: 0 })
  return packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength) as ArrayBuffer
}

/** `<row ` / `<row>` elements ("<row" is 3c 72 6f 77) of each worksheet, counted in the bytes (no string, no parse); the most of any sheet. */
function mostRowsInASheet(files: Unzipped): number {
  let most = 0
  for (const [name, xml] of Object.entries(files)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue
    let rows = 0
    for (let index = xml.indexOf(0x3c); index !== -1; index = xml.indexOf(0x3c, index + 1)) {
      if (xml[index + 1] === 0x72 && xml[index + 2] === 0x6f && xml[index + 3] === 0x77 && isRowEnd(xml[index + 4] ?? 0)) rows += 1
    }
    most = Math.max(most, rows)
  }
  return most
}

function isRowEnd(byte: number): boolean {
  return byte === 0x20 || byte === 0x3e || byte === 0x2f || byte === 0x09 || byte === 0x0a || byte === 0x0d
}

function joined(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.length
  }
  return all
}

function tooMuchInside(inflated: number): ImportError {
  return {
    code: 'too-large',
    message: `This workbook unpacks to more than ${describeBytes(Math.min(inflated, MAX_XLSX_INFLATED_BYTES))} of data, far more than a list of leave; it was not opened. Save the sheet as CSV, or check it is the right file.`
  }
}

export function tooManyRows(rows: number): ImportError {
  return {
    code: 'too-many-rows',
    message: `The file has ${rows.toLocaleString('en')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en')} can be imported at once. Split it into smaller files.`
  }
}

function notAWorkbook(): ImportError {
  return { code: 'not-a-spreadsheet', message: 'This file is not an Excel workbook (.xlsx) that can be read. Save it again as .xlsx or CSV.' }
}
