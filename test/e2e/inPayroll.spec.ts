import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { editor, field, goOffline, row } from './steps/drafting'
import {
  changeInPayroll,
  conflictChip,
  conflictChoices,
  conflictTable,
  openFileWithHolidays,
  payrollButtons,
  payrollRecord,
  requestInPayroll,
  UPDATE_ROUTE
} from './steps/inPayroll'
import { dismissToast, openRequest, statusChip, type MarkedDraft } from './steps/sync'

/**
 * Requests already in payroll, from the clerk's chair: opened as In payroll, decided with one key (offline
 * too), changed through the queue exactly once, and — when someone changed one in payroll meanwhile —
 * both versions side by side until the clerk chooses.
 */

/** While main cannot reach the API it probes again with a backoff of up to 30 s; this covers one full step. */
const BACK_ONLINE_TIMEOUT = 45_000

const WEEKDAYS = ['2026-08-03', '2026-08-04', '2026-08-05']

test('a Pending request in payroll approved offline with one key reaches payroll Approved, with its days, once back online', async ({ app }) => {
  test.setTimeout(120_000)
  const page = await openFileWithHolidays(app)
  const request: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: WEEKDAYS[0]!, end: WEEKDAYS[2]!, notes: 'in-payroll approve' }
  const id = await requestInPayroll(app, request)
  expect(payrollRecord(app, id).Status).toBe('Pending')

  // It opens as In payroll: its number there, when it was read, and what can be done, each with its key.
  await expect(openRequest(page)).toContainText(`In payroll as request #${id}`)
  await expect(openRequest(page)).toContainText(/Read from payroll \d\d:\d\d today\./)
  for (const [name, key] of [['Refresh from payroll', 'F5'], ['Edit', 'E'], ['Approve', 'A'], ['Reject', 'R']]) {
    await expect(payrollButtons(page).getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-keyshortcuts', key!)
  }
  await expectNoSeriousA11yViolations(page, 'a request in payroll')

  // The keyboard help lists the keys.
  await page.keyboard.press('F1')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toContainText('Approve the open request that is already in payroll')
  await expect(help).toContainText('Refresh the open request from payroll')
  await page.keyboard.press('Escape')

  await goOffline(app)
  // From the list of synced requests: one key on the selected row.
  await statusChip(page, 'Synced', 1).click()
  await row(page, /Olivia Nguyen/).click()
  await page.keyboard.press('a')
  await expect(page.getByRole('status').filter({ hasText: 'Approved. It will be sent to payroll when payroll can be reached.' })).toBeVisible()
  await statusChip(page, 'Queued', 1).click()
  await expect(row(page, /Olivia Nguyen/)).toContainText(`Change to #${id}`)
  expect(app.sandbox.stats.count(UPDATE_ROUTE)).toBe(0)
  expect(payrollRecord(app, id).Status).toBe('Pending')

  await app.sandbox.faults.up()
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: BACK_ONLINE_TIMEOUT })
  const approved = payrollRecord(app, id)
  expect(approved.Status).toBe('Approved')
  expect((approved.Items ?? []).map((item) => [item.Date.slice(0, 10), item.Hours])).toEqual(WEEKDAYS.map((day) => [day, 7.6]))
  expect(app.sandbox.store.leaveRequestVersion(app.demo.fileId, id)).toBe(2)
  expect(app.sandbox.stats.count(UPDATE_ROUTE)).toBe(1)
  await expect(openRequest(page).getByText('Approved', { exact: true })).toBeVisible()
  expect(app.consoleErrors()).toEqual([])
})

test('Approve of a request with no days opens it as a change, keys straight to Fill weekdays, and payroll gets it Approved with them', async ({ app }) => {
  test.setTimeout(90_000)
  const page = await openFileWithHolidays(app)
  const request: MarkedDraft = { employee: 'Jack Smith', leaveType: 'Annual Leave', start: WEEKDAYS[0]!, end: WEEKDAYS[2]!, notes: 'in-payroll no days' }
  const id = await requestInPayroll(app, request, { days: false })

  // A from a change already open (keyboard outside its fields): the editor shows the approval it wrote.
  await page.keyboard.press('e')
  await expect(field(page, 'Approval')).toHaveValue('Pending')
  await editor(page).getByRole('heading', { name: 'Days of leave' }).click()
  await page.keyboard.press('a')
  await expect(field(page, 'Approval')).toHaveValue('Approved')
  await expect(editor(page).getByRole('button', { name: /Fill weekdays/ })).toBeFocused()
  await editor(page).getByRole('button', { name: 'Discard my change' }).click()

  // The Approve button of the request in payroll: the same, from the read-only view.
  await payrollButtons(page).getByRole('button', { name: /^Approve/ }).click()
  await expect(editor(page).getByRole('note', { name: 'Change to a request in payroll' })).toContainText(`Change to request #${id} in payroll`)
  await expect(editor(page)).toContainText('To approve it, payroll needs its days of leave')
  await expect(field(page, 'Approval')).toHaveValue('Approved')
  await expect(editor(page).getByRole('button', { name: /Fill weekdays/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(editor(page).getByTestId('total-hours')).toHaveText('22.8 h')
  await page.keyboard.press('Control+Enter')
  // The request was Synced already before its change: the chip alone could still show the old count (the
  // screens' counts re-read at most twice a second), so wait for payroll's second version first.
  await expect.poll(() => app.sandbox.store.leaveRequestVersion(app.demo.fileId, id), { timeout: 30_000 }).toBe(2)
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: 30_000 })
  const approved = payrollRecord(app, id)
  expect(approved.Status).toBe('Approved')
  expect((approved.Items ?? []).map((item) => item.Date.slice(0, 10))).toEqual(WEEKDAYS)
  expect(app.sandbox.store.leaveRequestVersion(app.demo.fileId, id)).toBe(2)
  expect(app.consoleErrors()).toEqual([])
})

test('a day paid in a pay run shows after Refresh and stays locked in the change; Discard my change goes back to payroll’s version', async ({ app }) => {
  test.setTimeout(90_000)
  const page = await openFileWithHolidays(app)
  const request: MarkedDraft = { employee: 'Charlotte Williams', leaveType: 'Annual Leave', start: WEEKDAYS[0]!, end: WEEKDAYS[2]!, notes: 'in-payroll paid day' }
  const id = await requestInPayroll(app, request)

  await page.keyboard.press('F5')
  await expect(openRequest(page).getByRole('status').filter({ hasText: /^No changes in payroll since/ })).toBeVisible()

  expect(await app.sandbox.store.markProcessed(app.demo.fileId, id, 41, [WEEKDAYS[0]!])).toBe(true)
  await payrollButtons(page).getByRole('button', { name: /^Refresh from payroll/ }).click()
  await expect(openRequest(page).getByRole('list', { name: 'What changed in payroll' })).toHaveText('Days of leave: 1 day now paid in a pay run')
  await app.screenshot('in-payroll-refreshed')

  await page.keyboard.press('e')
  await expect(editor(page)).toContainText(`Change to request #${id} in payroll`)
  await expect(editor(page)).toContainText('Locked: paid in a pay run')
  await expect(editor(page).getByRole('button', { name: 'Remove line 1' })).toHaveCount(0)
  await expect(editor(page).getByRole('spinbutton', { name: 'Hours, line 1' })).toHaveCount(0)
  await expect(editor(page).getByRole('button', { name: 'Remove line 2' })).toBeVisible()
  // Refilling the days keeps the paid one as it is.
  await editor(page).getByRole('button', { name: 'Remove line 3' }).click()
  await editor(page).getByRole('button', { name: /Refill weekdays/ }).click()
  await expect(editor(page).getByTestId('total-hours')).toHaveText('22.8 h')
  await expect(editor(page)).toContainText('Locked: paid in a pay run')
  const notice = editor(page).getByRole('note', { name: 'Change to a request in payroll' })
  await notice.getByRole('button', { name: /^Refresh from payroll/ }).click()
  await expect(notice.getByRole('status')).toHaveText(/^No changes in payroll since \d\d:\d\d today\.$/)
  await expectNoSeriousA11yViolations(page, 'a change to a request in payroll, with a paid day')
  await app.screenshot('in-payroll-change')

  await editor(page).getByRole('button', { name: 'Discard my change' }).click()
  await expect(openRequest(page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible()
  expect(app.sandbox.stats.count(UPDATE_ROUTE)).toBe(0)
  expect(app.sandbox.store.leaveRequestVersion(app.demo.fileId, id)).toBe(1)
  expect(app.consoleErrors()).toEqual([])
})

test('a request changed in payroll behind the app’s back shows both versions side by side; Keep mine puts the clerk’s in payroll', async ({ app }) => {
  test.setTimeout(90_000)
  const page = await openFileWithHolidays(app)
  const request: MarkedDraft = { employee: 'Noah Brown', leaveType: 'Annual Leave', start: WEEKDAYS[0]!, end: WEEKDAYS[2]!, notes: 'in-payroll conflict' }
  const id = await requestInPayroll(app, request)

  await page.keyboard.press('e')
  await field(page, 'Notes').fill('Back on Thursday, not Wednesday')
  await changeInPayroll(app, id, { Notes: 'Payroll office: moved to the August pay run', Status: 'Approved' })
  expect(app.sandbox.store.leaveRequestVersion(app.demo.fileId, id)).toBe(2)
  await page.keyboard.press('Control+Enter')

  await expect(conflictChip(page, 1)).toBeVisible({ timeout: 30_000 })
  await expect(openRequest(page)).toContainText(`Someone changed request #${id} in payroll after you read it.`)
  const notes = conflictTable(page).getByRole('row', { name: /^Notes/ })
  await expect(notes).toContainText('Payroll office: moved to the August pay run')
  await expect(notes).toContainText('Back on Thursday, not Wednesday')
  await expect(notes).toContainText('Changed in both')
  await expect(conflictTable(page).getByRole('row', { name: /^Approval/ })).toContainText('Changed in payroll')
  await expect(conflictTable(page).getByRole('row', { name: /^First day/ })).toContainText('Same')
  // Payroll kept the other change: nothing was overwritten.
  expect(payrollRecord(app, id).Notes).toBe('Payroll office: moved to the August pay run')
  await expectNoSeriousA11yViolations(page, 'the conflict view')
  await dismissToast(page)
  await notes.scrollIntoViewIfNeeded()
  await app.screenshot('conflict', { docs: true })

  // Both changed the notes: Keep mine asks which to keep, and keeps the manager's approval either way.
  await conflictChoices(page).getByRole('button', { name: 'Keep mine' }).click()
  await expect(page.getByTestId('toast')).toContainText('You and payroll both changed the notes: choose which to keep first.')
  await expect(notes.getByRole('radio', { name: 'Payroll’s' })).toBeFocused()
  await notes.getByRole('radio', { name: 'Mine' }).check()
  await expect(page.getByTestId('payroll-will-hold')).toContainText('With Keep mine, payroll will hold: Approved Annual Leave for Noah Brown')
  await conflictChoices(page).getByRole('button', { name: 'Keep mine' }).click()
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: 30_000 })
  await expect(conflictChip(page, 0)).toBeVisible()
  expect(payrollRecord(app, id)).toMatchObject({ Notes: 'Back on Thursday, not Wednesday', Status: 'Approved' })
  expect(app.sandbox.store.leaveRequestVersion(app.demo.fileId, id)).toBe(3)
  await expect(page.getByRole('list', { name: 'Attempts' })).toContainText('Kept your change over payroll’s')
  expect(app.consoleErrors()).toEqual([])
})

/** The smallest window in dark, and 150 % zoom (as layout.spec.ts sets them up). */
const SMALL_SCREENS = [
  { name: '800×560, dark', viewport: { width: 800, height: 560 }, deviceScaleFactor: 1, colorScheme: 'dark' as const },
  { name: '150 % zoom', viewport: { width: Math.floor(1280 / 1.5), height: Math.floor(800 / 1.5) }, deviceScaleFactor: 1.5, colorScheme: 'light' as const }
]

for (const screen of SMALL_SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, colorScheme: screen.colorScheme })

    test('Refresh finds payroll changed under a pending change: the conflict view fits, passes axe, and Use payroll’s sends nothing', async ({ app }) => {
      test.setTimeout(90_000)
      const page = await openFileWithHolidays(app)
      const request: MarkedDraft = { employee: 'Amelia Jones', leaveType: 'Annual Leave', start: WEEKDAYS[0]!, end: WEEKDAYS[2]!, notes: 'in-payroll small' }
      const id = await requestInPayroll(app, request)
      await expectNoSeriousA11yViolations(page, `a request in payroll, ${screen.name}`)
      for (const name of [/^Refresh from payroll/, /^Edit/, /^Approve/, /^Reject/]) {
        const button = payrollButtons(page).getByRole('button', { name })
        await button.scrollIntoViewIfNeeded()
        await expect(button).toBeInViewport({ ratio: 1 })
      }

      await page.keyboard.press('e')
      await field(page, 'Notes').fill('Half day on the Wednesday')
      await changeInPayroll(app, id, { Notes: 'Checked by the manager' })
      await page.keyboard.press('F5')
      await expect(conflictChip(page, 1)).toBeVisible()
      await expect(conflictTable(page).getByRole('row', { name: /^Notes/ })).toContainText('Changed in both')
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(screen.viewport.width)
      for (const name of ['Keep mine', 'Use payroll’s']) await expect(conflictChoices(page).getByRole('button', { name })).toBeInViewport({ ratio: 1 })
      await expectNoSeriousA11yViolations(page, `the conflict view, ${screen.name}`)
      await app.screenshot('conflict-small')

      await conflictChoices(page).getByRole('button', { name: 'Use payroll’s' }).click()
      await expect(openRequest(page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible()
      await expect(openRequest(page).locator('dt:text-is("Notes") + dd')).toHaveText('Checked by the manager')
      expect(app.sandbox.stats.count(UPDATE_ROUTE)).toBe(1) // only the manager's change
      expect(payrollRecord(app, id).Notes).toBe('Checked by the manager')
      expect(app.consoleErrors()).toEqual([])
    })
  })
}
