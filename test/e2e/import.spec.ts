import writeXlsxFile from 'write-excel-file/node'
import { deflatedRepeats, handMadeZip } from '../../shared/import/testSupport/handMadeZip'
import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { signInAndOpenFile } from './steps/drafting'
import { dismissToast, INSERT_ROUTE, queueAllReady, statusChip } from './steps/sync'

/**
 * A manager's spreadsheet of leave, imported: the preview shows every row and names the two that cannot
 * go, the clerk skips them, eighteen drafts appear, "Queue all" sends them, and payroll holds each one
 * exactly once.
 */

const PEOPLE = [
  'Olivia Nguyen', 'Jack Smith', 'Charlotte Williams', 'Noah Brown', 'Amelia Jones', 'Isla Wilson', 'Leo Martin', 'Mia Anderson', 'Henry Thomas',
  'Ava White', 'Oliver Harris', 'Grace Lee', 'Lucas Walker', 'Chloe Hall', 'Thomas Allen', 'Zoe Young', 'Ruby Wright', 'Ethan Scott'
]
const MARKER = 'import-e2e'

/** 20 rows: 18 good ones (one per person, Mondays from 2 March 2026 on), an unknown person and an impossible date. */
function leaveFile(): string {
  const header = 'Employee;Leave type;First day;Last day;Approval;Hours per day;Notes'
  const good = PEOPLE.map((name, i) => {
    const day = String(2 + (i % 4) * 7).padStart(2, '0')
    return `${name};Annual Leave;${day}/03/2026;${day}/03/2026;Approved;7.6;${MARKER} ${i + 1}`
  })
  const rows = [...good.slice(0, 6), `Robin Hood;Annual Leave;09/03/2026;10/03/2026;Pending;;${MARKER} unknown`, ...good.slice(6, 12), `Grace Lee;Annual Leave;31/02/2026;03/03/2026;Pending;;${MARKER} bad date`, ...good.slice(12)]
  return [header, ...rows].join('\r\n') + '\r\n'
}

test('a file of 20 rows with 2 bad ones: preview, skip the bad rows, 18 drafts, Queue all, 18 records in payroll', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  await signInAndOpenFile(app)

  await page.getByLabel('Spreadsheet to import').setInputFiles({ name: 'march-leave.csv', mimeType: 'text/csv', buffer: Buffer.from(leaveFile(), 'utf8') })
  const dialog = page.getByRole('dialog', { name: 'Import march-leave.csv' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('20 rows of leave; read as UTF-8, cells separated by semicolons.')).toBeVisible()
  const rows = dialog.getByTestId('import-row')
  await expect(rows).toHaveCount(20)
  await expect(dialog.getByRole('status')).toHaveText('Rows 8 and 15 have problems: fix them above, or skip them.')
  await expect(rows.nth(6)).toContainText('Column A “Employee”: no employee called “Robin Hood”: choose who, or skip the row.')
  await expect(rows.nth(13)).toContainText('Column C “First day”: “31/02/2026” is not a date.')
  await expect(dialog.getByRole('button', { name: 'Import 20 drafts' })).toBeDisabled()
  await rows.nth(6).scrollIntoViewIfNeeded()
  await app.screenshot('import-preview', { docs: true })
  await expectNoSeriousA11yViolations(page, 'the import preview with rows that have problems')

  await dialog.getByRole('button', { name: 'Skip 2 rows with problems' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Import row 8' })).not.toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Import row 15' })).not.toBeChecked()
  await expect(dialog.getByRole('status')).toHaveText('18 drafts will be created. Nothing is sent to payroll until you queue them.')
  await dialog.getByRole('button', { name: 'Import 18 drafts' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Imported 18 drafts from march-leave.csv.' })).toBeVisible()
  await expect(statusChip(page, 'Draft', 18)).toBeVisible()
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(0)
  await dismissToast(page)

  await queueAllReady(page, 18)
  await expect(statusChip(page, 'Synced', 18)).toBeVisible({ timeout: 30_000 })
  const records = app.sandbox.store.leaveRequests(app.demo.fileId).filter((record) => record.Notes?.startsWith(MARKER))
  expect(records.map((record) => record.Notes).sort()).toEqual(PEOPLE.map((_, i) => `${MARKER} ${i + 1}`).sort())
  expect(app.consoleErrors()).toEqual([])
})

test('cells pasted from a spreadsheet without headers open the same preview', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  const cells = ['Olivia Nguyen\tAnnual Leave\t02/03/2026\t03/03/2026', 'Jack Smith\tLong Service Leave\t16/03/2026\t16/03/2026'].join('\n')
  // What Ctrl+V does with the clipboard of a spreadsheet, on the drafts pane (the headless browser has no clipboard to read).
  await page.evaluate(`(() => {
    const data = new DataTransfer()
    data.setData('text/plain', ${JSON.stringify(cells)})
    const pane = document.querySelector('[aria-labelledby="drafts-title"]')
    pane.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })()`)
  const dialog = page.getByRole('dialog', { name: 'Import pasted cells' })
  await expect(dialog).toBeVisible()
  // The guess is complete, so the columns are folded away with a summary; unfolded, no header row.
  await expect(dialog.getByText('Employee: A, Leave type: B, First day: C, Last day: D')).toBeVisible()
  await dialog.getByText('Columns', { exact: true }).click()
  await expect(dialog.getByRole('checkbox', { name: 'The first row holds column names' })).not.toBeChecked()
  await expect(dialog.getByTestId('import-row')).toHaveCount(2)
  await expect(dialog.getByRole('status')).toHaveText('2 drafts will be created. Nothing is sent to payroll until you queue them.')
  await dialog.getByRole('button', { name: 'Import 2 drafts' }).click()
  await expect(statusChip(page, 'Draft', 2)).toBeVisible()
})

test('a malformed file is refused with the row and column of the problem', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  const text = 'Employee,Leave type,First day,Last day\nOlivia Nguyen,Annual Leave,02/03/2026,02/03/2026\nOlivia Nguyen,"Annual Leave,09/03/2026,09/03/2026\n'
  await page.getByLabel('Spreadsheet to import').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
  const dialog = page.getByRole('dialog', { name: 'broken.csv can’t be imported' })
  await expect(dialog.getByRole('alert')).toHaveText(/^Row 3, column B: a quote/)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('listbox', { name: 'Drafts' }).getByRole('option')).toHaveCount(0)
})

test('one leave for many: every active employee, one checked draft each', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await page.getByRole('button', { name: 'More' }).click()
  await page.getByRole('menuitem', { name: 'One leave for many…' }).click()
  const dialog = page.getByRole('dialog', { name: 'One leave for many' })
  await dialog.getByRole('button', { name: 'Select all active' }).click()
  await expect(dialog.getByRole('group', { name: 'Employees (22 chosen)' })).toBeVisible()
  await dialog.getByLabel('Leave type').selectOption({ label: 'Annual Leave' })
  await dialog.getByLabel('First day').fill('2026-12-24')
  await dialog.getByLabel('Last day').fill('2026-12-31')
  await dialog.getByLabel('Approval').selectOption('Approved')
  await dialog.getByLabel('Notes').fill('Site shutdown')
  await expect(dialog.getByRole('status')).toHaveText('22 drafts will be created. Nothing is sent to payroll until you queue them.')
  await expectNoSeriousA11yViolations(page, 'one leave for many')
  await dialog.getByRole('button', { name: 'Import 22 drafts' }).click()
  await expect(statusChip(page, 'Draft', 22)).toBeVisible()
})

test('a zip bomb dressed as a workbook is refused by the reader’s own thread, in plain words, and nothing is imported', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  await signInAndOpenFile(app)
  const readers: string[] = []
  page.on('worker', (worker) => readers.push(worker.url()))
  // 300 MB of spaces in a few hundred KB, and a directory that claims 100 bytes: only counting what comes out stops it.
  const bomb = handMadeZip([{ name: 'xl/worksheets/sheet1.xml', data: deflatedRepeats(300), method: 8, claimedSize: 100 }])
  await page.getByLabel('Spreadsheet to import').setInputFiles({ name: 'leave.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(bomb) })
  const dialog = page.getByRole('dialog', { name: 'leave.xlsx can’t be imported' })
  await expect(dialog.getByRole('alert')).toContainText('far more than a list of leave; it was not opened')
  expect(readers.some((url) => url.includes('spreadsheetWorker'))).toBe(true)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('listbox', { name: 'Drafts' }).getByRole('option')).toHaveCount(0)

  // A real workbook goes the same way and opens the preview.
  const workbook = await writeXlsxFile([['Employee', 'Leave type', 'First day', 'Last day'], ['Olivia Nguyen', 'Annual Leave', '02/03/2026', '03/03/2026']]).toBuffer()
  await page.getByLabel('Spreadsheet to import').setInputFiles({ name: 'real.xlsx', mimeType: 'application/octet-stream', buffer: workbook })
  await expect(page.getByRole('dialog', { name: 'Import real.xlsx' }).getByTestId('import-row')).toHaveCount(1)
  expect(app.consoleErrors()).toEqual([])
})
