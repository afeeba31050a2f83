import type { Page } from '@playwright/test'
import { expect, test, type LeaveDeskApp } from './harness/fixtures'
import { fillWeekdays } from './steps/drafting'
import { practiceBand, settingsDialog, signInToFile, switchPayrollTo } from './steps/payroll'
import { draftAll, INSERT_ROUTE, queueAllReady, recordsOf, statusChip, type MarkedDraft } from './steps/sync'

/**
 * Changing payroll while requests are queued or being sent: the app says so and lets the clerk wait or
 * switch. A switch never leaves a request 'sending' and never sends one to the payroll switched to.
 */
test.use({ appOptions: { chooseInApp: true } })

/** Welcome step → "Connect to your payroll" at the peer sandbox's address → signed in, file open. */
async function connectToPayroll(app: LeaveDeskApp): Promise<void> {
  const { page } = app
  await app.open()
  await page.getByRole('textbox', { name: 'Payroll address' }).fill(app.sandbox.baseUrl)
  await page.getByRole('button', { name: 'Connect to your payroll' }).click()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(practiceBand(page)).toHaveCount(0)
  await signInToFile(app)
}

const panel = (page: Page) => settingsDialog(page).getByRole('region', { name: /Requests are still on their way to/ })

test('switch now: a request queued for the real payroll stays there, unsent, and goes when the clerk comes back', async ({ app }) => {
  test.setTimeout(120_000)
  const { page } = app
  await connectToPayroll(app)
  await app.sandbox.faults.down()
  const request: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-05-04', end: '2026-05-04', notes: 'switch-now 1' }
  await draftAll(page, [request], fillWeekdays)
  await page.getByRole('button', { name: 'Update now' }).click()
  await expect(page.getByTestId('connectivity')).toContainText('Offline')
  await queueAllReady(page, 1)

  await switchPayrollTo(page, 'practice', { asks: true })
  await expect(panel(page)).toContainText('1 waiting to be sent.')
  await expect(panel(page)).toContainText('Nothing written for')
  await panel(page).getByRole('button', { name: 'Switch now' }).click()

  await expect(practiceBand(page)).toBeVisible()
  await signInToFile(app)
  await expect(statusChip(page, 'Queued', 0)).toBeVisible()
  await expect(statusChip(page, 'Draft', 0)).toBeVisible()

  // Back on the real payroll, reachable again: the request is still queued there, and goes exactly once.
  await app.sandbox.faults.up()
  await switchPayrollTo(page, { address: app.sandbox.baseUrl })
  await signInToFile(app)
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: 45_000 })
  await expect(statusChip(page, 'Sending', 0)).toBeVisible()
  expect(recordsOf(app, request)).toHaveLength(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  expect(app.consoleErrors()).toEqual([])
})

test('wait: the app switches by itself once the request being sent has gone, and nothing is left sending', async ({ app }) => {
  test.setTimeout(120_000)
  const { page } = app
  await connectToPayroll(app)
  const request: MarkedDraft = { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-05-11', end: '2026-05-11', notes: 'wait 1' }
  await draftAll(page, [request], fillWeekdays)
  app.sandbox.faults.add({ kind: 'latency', ms: 4_000, route: INSERT_ROUTE, times: 1 })
  await queueAllReady(page, 1)
  await expect(statusChip(page, 'Sending', 1)).toBeVisible()

  await switchPayrollTo(page, 'practice', { asks: true })
  await expect(panel(page)).toContainText('being sent now')
  await panel(page).getByRole('button', { name: 'Wait until they are sent' }).click()
  await expect(panel(page)).toContainText('Leave Desk switches to Practice payroll as soon as they have gone.')

  await expect(practiceBand(page)).toBeVisible({ timeout: 30_000 })
  expect(recordsOf(app, request)).toHaveLength(1)

  // The real payroll's copy says it was sent: nothing left 'sending', nothing to send again.
  await switchPayrollTo(page, { address: app.sandbox.baseUrl })
  await signInToFile(app)
  await expect(statusChip(page, 'Synced', 1)).toBeVisible()
  await expect(statusChip(page, 'Sending', 0)).toBeVisible()
  await expect(statusChip(page, 'Uncertain', 0)).toBeVisible()
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  expect(app.consoleErrors()).toEqual([])
})
