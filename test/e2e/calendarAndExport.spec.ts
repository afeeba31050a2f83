import type { Download, Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { fileButton } from './steps/drafting'
import { madeInPayroll, openByNumber } from './steps/decisions'
import { dismissToast } from './steps/sync'

/**
 * The month a clerk prints for the manager, at the smallest window: who is away by approval and leave
 * type, filtered, exported; and the requests export as a spreadsheet in Sydney reads it (local day and
 * time, notes, the business's name on the file).
 */

test.use({ viewport: { width: 800, height: 560 }, timezoneId: 'Australia/Sydney' })

async function csvOf(download: Download): Promise<string[][]> {
  const path = await download.path()
  const { readFile } = await import('node:fs/promises')
  const text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '')
  const Papa = (await import('papaparse')).default
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return download
}

/** "2026-03-02" as a computer in Sydney tells the day of `at`. */
const sydneyDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)

test('the calendar’s month shows approval and leave type, filters by them, exports the month; the requests export has notes and local times', async ({ app }) => {
  test.setTimeout(120_000)
  const { page } = app
  // Signed in, the keyboard is on the first file; the file opened, on New draft (never left on the page).
  await app.open()
  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(fileButton(page, app.demo.fileId)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'New draft' })).toBeFocused()
  await page.getByRole('button', { name: 'Use these holidays' }).click()
  const approved = await madeInPayroll(app, { employee: 'Olivia Nguyen', start: '2026-11-09', end: '2026-11-11', notes: 'family wedding', status: 'Approved', days: ['2026-11-09', '2026-11-10', '2026-11-11'] })
  const rejected = await madeInPayroll(app, { employee: 'Charlotte Williams', start: '2026-11-10', end: '2026-11-10', notes: 'Rejected: stocktake that day', status: 'Rejected' })
  const pending = await madeInPayroll(app, { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: '2026-11-10', end: '2026-11-10', notes: 'dentist' })
  for (const id of [approved, rejected, pending]) await openByNumber(page, id)
  await dismissToast(page)

  await page.getByRole('button', { name: 'Calendar' }).click()
  const calendar = page.getByRole('dialog', { name: /Leave calendar/ })
  await expect(calendar.getByRole('heading', { name: 'Leave calendar: November 2026' })).toBeVisible()
  const day = (date: string) => calendar.locator(`#calendar-day-${date}`)
  await expect(day('2026-11-10')).toHaveAttribute('aria-label', '10 Nov 2026: 2 away, 1 approved')
  await expect(day('2026-11-10')).toContainText('Olivia N.Approved · Annual Leave')
  await expect(day('2026-11-10')).toContainText("Jack S.Pending · Personal/Carer's Leave")
  await expect(day('2026-11-10')).not.toContainText('Charlotte')
  // The smallest window: no sideways scrolling, the filters and the day in view.
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(800)
  await expectNoSeriousA11yViolations(page, 'the month at 800×560')
  await day('2026-11-10').scrollIntoViewIfNeeded()
  await app.screenshot('leave-calendar-month', { docs: true })

  const filters = calendar.getByRole('group', { name: 'Show in the calendar' })
  await filters.getByLabel('Approval').selectOption({ label: 'Approved only' })
  await expect(day('2026-11-10')).toHaveAttribute('aria-label', '10 Nov 2026: 1 away, 1 approved')
  await filters.getByLabel('Approval').selectOption({ label: 'Rejected' })
  await expect(day('2026-11-10')).toContainText('Charlotte W.Rejected · Annual Leave')
  await filters.getByLabel('Approval').selectOption({ label: 'Approved and pending' })
  await filters.getByLabel('Leave type').selectOption({ label: "Personal/Carer's Leave" })
  await expect(day('2026-11-10')).toHaveAttribute('aria-label', '10 Nov 2026: 1 away, none approved')
  await expect(day('2026-11-09')).toHaveAttribute('aria-label', '9 Nov 2026: nobody away')
  // Payroll gives each employee a pay group: Jack's shows him, the other group nobody.
  const groupOf = (name: string) => app.sandbox.store.employees(app.demo.fileId).find((e) => `${e.FirstName} ${e.LastName}` === name)?.PayGroupName
  const jacks = groupOf('Jack Smith')!
  const other = app.sandbox.store.employees(app.demo.fileId).map((e) => e.PayGroupName).find((name) => name && name !== jacks)!
  await filters.getByLabel('Pay group').selectOption({ label: other })
  await expect(day('2026-11-10')).toHaveAttribute('aria-label', '10 Nov 2026: nobody away')
  await filters.getByLabel('Pay group').selectOption({ label: jacks })
  await expect(day('2026-11-10')).toHaveAttribute('aria-label', '10 Nov 2026: 1 away, none approved')
  await filters.getByLabel('Pay group').selectOption({ label: 'All pay groups' })
  await filters.getByLabel('Leave type').selectOption({ label: 'All leave types' })

  const month = await downloadOf(page, () => filters.getByRole('button', { name: 'Export month' }).click())
  expect(month.suggestedFilename()).toBe(`Harbour Cafe Pty Ltd - leave calendar 2026-11 ${sydneyDay(Date.now())}.csv`)
  expect(await csvOf(month)).toEqual([
    ['Employee', 'Leave type', 'First day', 'Last day', 'Approval', 'Days away this month', 'In payroll', 'Notes'],
    ['Olivia Nguyen', 'Annual Leave', '2026-11-09', '2026-11-11', 'Approved', '3', `Yes, #${approved}`, 'family wedding'],
    ['Jack Smith', "Personal/Carer's Leave", '2026-11-10', '2026-11-10', 'Pending', '1', `Yes, #${pending}`, 'dentist']
  ])
  await calendar.getByRole('button', { name: 'Close' }).click()

  const before = Date.now()
  await page.getByRole('button', { name: 'More' }).click()
  const requests = await downloadOf(page, () => page.getByRole('menuitem', { name: 'Export requests' }).click())
  expect(requests.suggestedFilename()).toBe(`Harbour Cafe Pty Ltd - leave requests ${sydneyDay(before)}.csv`)
  const [header, ...rows] = await csvOf(requests)
  const column = (name: string) => header!.indexOf(name)
  const charlotte = rows.find((row) => row[column('Payroll request number')] === String(rejected))!
  expect(charlotte[column('Notes')]).toBe('Rejected: stocktake that day')
  expect(charlotte[column('Approval')]).toBe('Rejected')
  // Opened a moment ago: the day and time a computer in Sydney gives, not UTC's.
  const sentOn = charlotte[column('Sent on (this computer’s time)')]!
  expect(sentOn).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)
  expect(sentOn.slice(0, 10)).toBe(sydneyDay(before))
  const sydneyClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  expect([sydneyClock.format(before), sydneyClock.format(before - 60_000), sydneyClock.format(before - 120_000)]).toContain(sentOn.slice(11))

  // The shortcuts open at their top, not scrolled to the Close button at the end.
  await page.keyboard.press('F1')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused()
  await expect.poll(() => help.evaluate((dialog: { scrollTop: number }) => dialog.scrollTop)).toBe(0)
  await expect(help.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeInViewport()
  await page.keyboard.press('Escape')
  expect(app.consoleErrors()).toEqual([])
})
