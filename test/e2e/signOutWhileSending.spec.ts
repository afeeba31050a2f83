import { expect, test } from './harness/fixtures'
import { fillWeekdays, goOffline, signInAndOpenFile } from './steps/drafting'
import { draftAll, expectOneRecordEach, queueAllReady, sixRequestsOfThreeEmployees, statusChip } from './steps/sync'

/** Signing out while a batch goes to payroll: warned, the batch finishes and is recorded, the count is true. */

test('sign out while sending: a warning, the batch finishes and records every answer, then what really went', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await goOffline(app)
  const drafts = sixRequestsOfThreeEmployees('sign-out')
  await draftAll(page, drafts, fillWeekdays)
  await queueAllReady(page, drafts.length)

  // Payroll comes back, slowly: the batch takes a few seconds.
  app.sandbox.faults.add({ kind: 'latency', ms: 700, route: 'POST /Payroll/LeaveRequest' })
  await app.sandbox.faults.up()
  await expect(page.getByRole('progressbar', { name: 'Requests sent to payroll' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  const dialog = page.getByRole('dialog', { name: 'Requests are being sent' })
  await expect(dialog).toContainText('Leave Desk can finish this batch first')
  await dialog.getByRole('button', { name: 'Finish sending, then sign out' }).click()
  // Still signed in while it sends: nothing is cut off.
  await expect(page.getByTestId('connectivity')).not.toContainText('Signed out')

  const done = page.getByRole('dialog', { name: 'Sending finished' })
  await expect(done).toContainText('6 requests reached payroll.', { timeout: 30_000 })
  await expect(statusChip(page, 'Synced', 6)).toBeAttached()
  expectOneRecordEach(app, drafts, 'sign-out ')
  await done.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('textbox', { name: 'User name' })).toBeVisible()
  expect(app.consoleErrors()).toEqual([])
})
