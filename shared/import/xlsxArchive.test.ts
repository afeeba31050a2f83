import writeXlsxFile from 'write-excel-file/node'
import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_ROWS, MAX_XLSX_ENTRY_BYTES, MAX_XLSX_INFLATED_BYTES } from './importLimits'
import { readSpreadsheet } from './readSpreadsheet'
import { deflatedRepeats, handMadeZip } from './testSupport/handMadeZip'
import { MAX_INFLATED_PER_FEED, unpackXlsx } from './xlsxArchive'

/**
 * Hostile workbooks: a zip bomb (honest or lying about its sizes) and a sheet of 100,000 rows are refused
 * with a plain message, and what was inflated on the way stays within the limit (bounded memory, and a
 * bounded amount of work: inflating stops at the limit instead of running through a gigabyte).
 */
const BOMB_MEGABYTES = 300

describe('a zip bomb as .xlsx', () => {
  const bomb = deflatedRepeats(BOMB_MEGABYTES)

  it('is refused from the archive’s directory, before anything is inflated, when its sizes are honest', async () => {
    const zip = handMadeZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb, method: 8, claimedSize: BOMB_MEGABYTES * 1024 * 1024 }])
    expect(zip.length).toBeLessThan(1024 * 1024)
    const unpacked = unpackXlsx(zip)
    expect(unpacked).toMatchObject({ ok: false, error: { code: 'too-large', inflated: 0 } })
    const read = await readSpreadsheet(zip)
    expect(read).toMatchObject({ ok: false, error: { code: 'too-large', message: expect.stringContaining('far more than a list of leave') } })
  })

  it('is refused while inflating when its directory lies about the sizes, stopping at the limit', () => {
    const zip = handMadeZip([
      { name: 'xl/workbook.xml', data: deflatedRepeats(1), method: 8, claimedSize: 100 },
      { name: 'xl/worksheets/sheet1.xml', data: bomb, method: 8, claimedSize: 100 }
    ])
    const unpacked = unpackXlsx(zip)
    expect(unpacked.ok).toBe(false)
    if (unpacked.ok) return
    expect(unpacked.error.code).toBe('too-large')
    // The workbook's 1 MB, then the sheet up to its own limit and one feed more at most: never 300 MB.
    expect(unpacked.error.inflated).toBeGreaterThan(MAX_XLSX_ENTRY_BYTES)
    expect(unpacked.error.inflated).toBeLessThanOrEqual(1024 * 1024 + MAX_XLSX_ENTRY_BYTES + MAX_INFLATED_PER_FEED)
  })

  it('is refused when many small entries add up past the limit', () => {
    const piece = deflatedRepeats(20)
    const zip = handMadeZip(
      Array.from({ length: 5 }, (_, index) => ({ name: `xl/worksheets/sheet${index + 1}.xml`, data: piece, method: 8 as const, claimedSize: 1000 }))
    )
    const unpacked = unpackXlsx(zip)
    expect(unpacked).toMatchObject({ ok: false, error: { code: 'too-large' } })
    if (!unpacked.ok) expect(unpacked.error.inflated).toBeLessThanOrEqual(MAX_XLSX_INFLATED_BYTES + MAX_INFLATED_PER_FEED)
  })
})

describe('the row limit holds for .xlsx as for every format', () => {
  it('refuses a workbook of 100,000 rows before parsing its cells, naming the limit', async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => [index + 1, 'Annual Leave'])
    const bytes = new Uint8Array(await writeXlsxFile([['Employee', 'Leave type'], ...rows]).toBuffer())
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024)
    expect(unpackXlsx(bytes)).toMatchObject({ ok: false, error: { code: 'too-many-rows' } })
    const read = await readSpreadsheet(bytes)
    expect(read).toMatchObject({
      ok: false,
      error: { code: 'too-many-rows', message: `The file has 100,001 rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en')} can be imported at once. Split it into smaller files.` }
    })
  })

  it('still reads a workbook within the limits', async () => {
    const bytes = new Uint8Array(await writeXlsxFile([['Employee', 'Leave type'], [11, 'Annual Leave']]).toBuffer())
    expect(await readSpreadsheet(bytes)).toMatchObject({ ok: true, value: { rows: [['Employee', 'Leave type'], ['11', 'Annual Leave']] } })
  })
})
