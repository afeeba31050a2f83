import type { Page } from '@playwright/test'
import { expect, test, type LeaveDeskApp } from './harness/fixtures'
import { draftRequest, editor, field, fileButton } from './steps/drafting'
import { changeInPayroll, conflictChip, conflictChoices, conflictTable, payrollRecord, requestInPayroll } from './steps/inPayroll'
import { openFileInNsw } from './steps/safeguards'
import { dismissToast, queueAllReady, recordsOf, statusChip } from './steps/sync'

/**
 * The money right on every path: the days a request gets (public holidays, work patterns, paid or not)
 * reach payroll as the shared calculation says, whichever way the clerk made it; a manager's approval
 * survives the clerk's Keep mine; and the drafts list is there to work in at the smallest sizes.
 */

const PART_TIMER = 'Jack Smith'

/** Every active employee of the demo file, chosen in One leave for many, with the leave below. */
async function oneLeaveForMany(page: Page, leave: { type: string; start: string; end: string; approval: string; notes: string }): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click()
  await page.getByRole('menuitem', { name: 'One leave for many…' }).click()
  const dialog = page.getByRole('dialog', { name: 'One leave for many' })
  await dialog.getByRole('button', { name: 'Select all active' }).click()
  await expect(dialog.getByRole('group', { name: 'Employees (22 chosen)' })).toBeVisible()
  await dialog.getByLabel('Leave type').selectOption({ label: leave.type })
  await dialog.getByLabel('First day').fill(leave.start)
  await dialog.getByLabel('Last day').fill(leave.end)
  await dialog.getByLabel('Approval').selectOption(leave.approval)
  await dialog.getByLabel('Notes').fill(leave.notes)
  await expect(dialog.getByRole('status')).toHaveText('22 drafts will be created. Nothing is sent to payroll until you queue them.')
}

/** Monday to Wednesday 7.6 h, Thursday 6 h, Friday off, saved from the editor as a clerk does (on a one-day draft of his). */
async function mondayToThursday(page: Page, employee: string): Promise<void> {
  await draftRequest(page, { employee, leaveType: 'Annual Leave', start: '2026-11-02', end: '2026-11-02' })
  await editor(page).getByRole('button', { name: 'Change work pattern' }).click()
  await editor(page).getByLabel('Hours on Thursday').fill('6')
  await editor(page).getByLabel('Hours on Friday').fill('0')
  await editor(page).getByRole('button', { name: 'Save pattern' }).click()
  await expect(editor(page).getByTestId('work-pattern')).toHaveText('Works Mon–Wed 7.6 h, Thu 6 h')
}

function heldLines(app: LeaveDeskApp, employee: string, notes: string) {
  const records = recordsOf(app, { employee, leaveType: '', start: '', end: '', notes })
  expect(records, employee).toHaveLength(1)
  return (records[0]?.Items ?? []).map((item) => ({ date: item.Date.slice(0, 10), hours: item.Hours, paid: item.IsPaid }))
}

test('the Christmas shutdown for 22 people on an NSW file: payroll holds 4 days, 30.4 h each, the part-timer at his pattern', async ({ app }) => {
  test.setTimeout(180_000)
  const { page } = app
  await openFileInNsw(app)
  await mondayToThursday(page, PART_TIMER)
  await oneLeaveForMany(page, { type: 'Annual Leave', start: '2026-12-24', end: '2027-01-01', approval: 'Approved', notes: 'Christmas shutdown' })
  const dialog = page.getByRole('dialog', { name: 'One leave for many' })
  await expect(dialog.getByTestId('days-rule')).toContainText('public holidays of New South Wales, Australia left out')
  const first = dialog.getByTestId('import-row').first()
  await expect(first).toContainText('4 days, 30.4 h')
  await expect(first).toContainText('Not counted: Christmas Day (Fri 25 Dec 2026), Boxing Day (substitute day) (Mon 28 Dec 2026), New Year\'s Day (Fri 1 Jan 2027)')
  await app.screenshot('one-leave-for-many', { docs: true })
  await dialog.getByRole('button', { name: 'Import 22 drafts' }).click()
  // With the part-timer's own one-day draft, where his pattern was set.
  await expect(statusChip(page, 'Draft', 23)).toBeVisible()

  await queueAllReady(page, 23)
  await expect(statusChip(page, 'Synced', 23)).toBeVisible({ timeout: 120_000 })
  const employees = app.sandbox.store.employees(app.demo.fileId).filter((e) => e.IsActive)
  expect(employees).toHaveLength(22)
  for (const employee of employees) {
    const name = `${employee.FirstName} ${employee.LastName}`
    const lines = heldLines(app, name, 'Christmas shutdown')
    expect(lines.map((line) => line.date), name).toEqual(['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31'])
    expect(lines.every((line) => line.paid)).toBe(true)
    if (name !== PART_TIMER) expect(lines.reduce((sum, line) => sum + line.hours, 0), name).toBeCloseTo(30.4, 5)
  }
  // The part-timer: the same days, at his pattern's hours (24 and 31 Dec are Thursdays).
  expect(heldLines(app, PART_TIMER, 'Christmas shutdown').map((line) => line.hours)).toEqual([6, 7.6, 7.6, 6])
  expect(app.consoleErrors()).toEqual([])
})

test('unpaid leave reaches payroll unpaid, from the editor’s Fill', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  await openFileInNsw(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Unpaid Leave', start: '2026-03-02', end: '2026-03-04', approval: 'Approved', notes: 'unpaid e2e' })
  await editor(page).getByRole('button', { name: /^Fill weekdays/ }).click()
  await expect(editor(page).getByText('3 days, paid 0 h')).toBeVisible()
  await expect(editor(page).getByRole('checkbox', { name: 'Paid, line 1' })).not.toBeChecked()
  await expect(editor(page).getByText(/below zero/)).toHaveCount(0)
  await page.keyboard.press('Control+Enter')
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: 30_000 })
  const lines = heldLines(app, 'Olivia Nguyen', 'unpaid e2e')
  expect(lines).toEqual(['2026-03-02', '2026-03-03', '2026-03-04'].map((date) => ({ date, hours: 7.6, paid: false })))
})

test('the manager’s approval survives the clerk’s Keep mine, with the clerk’s new dates', async ({ app }) => {
  test.setTimeout(120_000)
  const { page } = app
  await openFileInNsw(app)
  const request = { employee: 'Noah Brown', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-04', notes: 'keep mine e2e' }
  const id = await requestInPayroll(app, request, { days: false })
  expect(payrollRecord(app, id)).toMatchObject({ Status: 'Pending' })

  // The clerk moves the leave two days later; meanwhile the manager approves it in payroll, with its days.
  await page.keyboard.press('e')
  await field(page, 'First day').fill('2026-03-04')
  await field(page, 'Last day').fill('2026-03-06')
  await changeInPayroll(app, id, {
    Status: 'Approved',
    Items: ['2026-03-02', '2026-03-03', '2026-03-04'].map((date) => ({ Date: `${date}T00:00:00`, Hours: 7.6, IsPaid: true }))
  })
  await page.keyboard.press('Control+Enter')
  await expect(conflictChip(page, 1)).toBeVisible({ timeout: 30_000 })
  await expect(conflictTable(page).getByRole('row', { name: /^Approval/ })).toContainText('Changed in payroll')
  await expect(conflictTable(page).getByRole('row', { name: /^First day/ })).toContainText('Changed by you')
  const willHold = page.getByTestId('payroll-will-hold')
  await expect(willHold).toContainText('With Keep mine, payroll will hold: Approved Annual Leave for Noah Brown, 4 – 6 Mar 2026: 3 days, 22.8 h (payroll’s days fitted to the dates)')
  await dismissToast(page).catch(() => undefined)
  await app.screenshot('keep-mine-field-by-field', { docs: true })

  await conflictChoices(page).getByRole('button', { name: 'Keep mine' }).click()
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: 30_000 })
  const held = payrollRecord(app, id)
  expect(held).toMatchObject({ Status: 'Approved', Notes: 'keep mine e2e' })
  expect(held.StartDate.slice(0, 10)).toBe('2026-03-04')
  expect(held.EndDate.slice(0, 10)).toBe('2026-03-06')
  expect((held.Items ?? []).map((item) => item.Date.slice(0, 10))).toEqual(['2026-03-04', '2026-03-05', '2026-03-06'])
  expect(app.consoleErrors()).toEqual([])
})

test('a New Zealand file is asked for its New Zealand region, and Fill leaves out that region’s holidays', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  await app.open()
  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await fileButton(page, app.demo.otherFileId).click()
  const prompt = page.getByRole('region', { name: 'Public holidays for this file' })
  await expect(prompt).toContainText('This is a New Zealand file: choose its region')
  await expect(prompt.getByRole('combobox')).toHaveValue('NZ')
  await prompt.getByRole('combobox').selectOption({ label: 'Auckland, New Zealand' })
  await prompt.getByRole('button', { name: 'Use these holidays' }).click()

  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-24', end: '2027-01-08' })
  await editor(page).getByRole('button', { name: /^Fill weekdays/ }).click()
  const dates = editor(page).getByLabel(/^Date, line/)
  // 25 and 28 Dec, 1 Jan and 4 Jan (the day after New Year's Day, moved to Monday) are Auckland's public holidays.
  await expect(dates).toHaveCount(8)
  await expect(editor(page).getByTestId('holiday-note')).toContainText('Day after New Year')
})

/** Rows of the drafts list wholly on screen, inside the list's own box. */
async function rowsInView(page: Page): Promise<number> {
  const list = await page.locator('.drafts-scroll').boundingBox()
  if (!list) return 0
  const options = await page.getByRole('listbox', { name: 'Drafts' }).getByRole('option').all()
  const boxes = (await Promise.all(options.map((option) => option.boundingBox()))).filter((box) => box !== null)
  const bottom = Math.min(list.y + list.height, page.viewportSize()?.height ?? Infinity)
  return boxes.filter((box) => box.y >= list.y - 1 && box.y + box.height <= bottom + 1).length
}

const LIST_SIZES = [
  { name: '800×560', viewport: { width: 800, height: 560 }, deviceScaleFactor: 1, rows: 5, shot: 'list-800x560' },
  { name: '150 % zoom', viewport: { width: Math.floor(1280 / 1.5), height: Math.floor(800 / 1.5) }, deviceScaleFactor: 1.5, rows: 5, shot: 'list-zoom-150' },
  { name: '1366×768', viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1, rows: 10, shot: 'list-1366x768' }
] as const

for (const size of LIST_SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor })

    test(`the drafts list shows at least ${size.rows} requests, each one a click away`, async ({ app }) => {
      test.setTimeout(90_000)
      const { page } = app
      await openFileInNsw(app)
      await oneLeaveForMany(page, { type: 'Annual Leave', start: '2026-12-24', end: '2027-01-01', approval: 'Pending', notes: 'list size' })
      await page.getByRole('dialog', { name: 'One leave for many' }).getByRole('button', { name: 'Import 22 drafts' }).click()
      await expect(statusChip(page, 'Draft', 22)).toBeVisible()
      await dismissToast(page)
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(size.rows)
      // A row is there to be clicked: it opens in the editor.
      const fourth = page.getByRole('listbox', { name: 'Drafts' }).getByRole('option').nth(3)
      await fourth.click()
      await expect(fourth).toHaveAttribute('aria-selected', 'true')
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(size.viewport.width)
      await app.screenshot(size.shot, { docs: true })
    })
  })
}
