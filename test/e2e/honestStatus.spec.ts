import type { Page } from '@playwright/test'
import { expect, test } from './harness/fixtures'
import { draftRequest, editor, field, fillWeekdays, row, signInAndOpenFile } from './steps/drafting'

/** The header and the messages say what is true now, not what was true when they were last told. */

const connectivity = (page: Page) => page.getByTestId('connectivity')
const toast = (page: Page) => page.getByTestId('toast')

test('payroll stops while a request waits: the header says Offline by itself, and the "being sent" message follows it', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await expect(connectivity(page)).toContainText('Online')
  // Payroll answers "busy, come back in two minutes": the request stays queued, nothing else is sent.
  app.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: '120', route: 'POST /Payroll/LeaveRequest' })
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await fillWeekdays(page)
  await page.keyboard.press('Control+Enter')
  await expect(toast(page)).toHaveText(/Queued\. It is being sent to payroll\./)
  await expect.poll(() => app.sandbox.stats.statusCount(503)).toBeGreaterThan(0)

  // Payroll goes away. No request is due for two minutes; the probe while something waits finds out.
  await app.sandbox.faults.down()
  await expect(connectivity(page)).toContainText('Offline', { timeout: 15_000 })
  await expect(toast(page)).toHaveText(/Queued\. It will be sent when payroll can be reached\./)
  await expect(page.getByText('It is being sent to payroll')).toHaveCount(0)
  expect(app.consoleErrors()).toEqual([])
})

test('nothing queued: the header checks again when the window gains focus and when the network changes', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await expect(connectivity(page)).toContainText('Online')

  await app.sandbox.faults.down()
  // Nothing is being sent, so nothing has failed yet: the clerk comes back to the window.
  await page.evaluate("window.dispatchEvent(new Event('focus'))")
  await expect(connectivity(page)).toContainText('Offline')

  await app.sandbox.faults.up()
  await expect(connectivity(page)).toContainText('Online') // main's own probe, every half second in an outage
  await app.sandbox.faults.down()
  // The operating system reports a network change.
  await page.context().setOffline(true)
  await page.context().setOffline(false)
  await expect(connectivity(page)).toContainText('Offline')
  expect(app.consoleErrors()).toEqual([])
})

test('"fields need fixing" closes when the clerk opens another draft, or fixes them', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await app.sandbox.faults.down()
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-10' })
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-01' })
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('alert')).toHaveText(/needs? fixing first/)

  await row(page, /Jack Smith/).click()
  await expect(page.getByRole('alert')).toHaveText('')

  await row(page, /Olivia Nguyen/).click()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('alert')).toHaveText(/needs? fixing first/)
  await field(page, 'Last day').fill('2026-03-03')
  await expect(page.getByRole('alert')).toHaveText('')
  await expect(editor(page)).toBeVisible()
})

test('"being sent" becomes "in payroll" once it is: the message follows the request', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await fillWeekdays(page)
  await page.keyboard.press('Control+Enter')
  await expect(toast(page)).toHaveText(/Sent: it is in payroll now\./)
  expect(app.consoleErrors()).toEqual([])
})
