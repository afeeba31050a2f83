import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { editor, fillWeekdays, row } from './steps/drafting'
import { PRACTICE_BAND, practiceBand, settingsDialog, signInToFile, switchPayrollTo } from './steps/payroll'
import { draftAll, INSERT_ROUTE, queueAllReady, recordsOf, statusChip, type MarkedDraft } from './steps/sync'

/**
 * A clerk's payrolls: Practice (the embedded sandbox) and their real payroll (here the peer sandbox on
 * another port, reached by its address). Drafts belong to the payroll they were written for: switching
 * shows only that payroll's drafts, and a practice draft never reaches the real payroll.
 */
// The live pace (1 request per second to the real payroll), as the settings screenshot should show it.
test.use({ appOptions: { chooseInApp: true, settings: { requestsPerSecond: 1, dailyQuota: 3000 } } })

test('first run → Practice → two drafts → a real payroll shows none of them and gets only its own → Practice still has both, unsent', async ({
  app
}) => {
  test.setTimeout(120_000)
  const { page } = app
  await app.open()

  // First run: two plain choices, the vendor's address already filled in.
  await expect(page.getByRole('heading', { name: 'Welcome to Leave Desk' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Payroll address' })).toHaveValue('https://api.saasu.com')
  await expect(practiceBand(page)).toHaveCount(0)
  await app.screenshot('welcome', { docs: true })
  await expectNoSeriousA11yViolations(page, 'the welcome step')
  await page.getByRole('button', { name: 'Practice with demo data' }).click()

  // Practice cannot be mistaken: the band on every screen, the window title.
  await expect(practiceBand(page)).toHaveText(PRACTICE_BAND)
  await expect(page).toHaveTitle('Leave Desk — Practice')
  await signInToFile(app)
  await expect(practiceBand(page)).toBeVisible()
  const practiceDrafts: MarkedDraft[] = [
    { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03', notes: 'practice 1' },
    { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-09', notes: 'practice 2' }
  ]
  await draftAll(page, practiceDrafts, fillWeekdays)
  await app.screenshot('practice-band', { docs: true })
  await expectNoSeriousA11yViolations(page, 'the workspace with the practice band')

  // Settings: the real payroll's address, tested before switching.
  await page.keyboard.press('Control+,')
  const dialog = settingsDialog(page)
  await dialog.getByRole('radio', { name: 'Your payroll' }).check()
  await dialog.getByRole('textbox', { name: 'Payroll address' }).fill('http://payroll.example.com')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog.getByRole('textbox', { name: 'Payroll address' })).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('API address must start with https:// (http:// is allowed only for this computer).')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Payroll address' }).fill(app.sandbox.baseUrl)
  await dialog.getByRole('button', { name: 'Test connection' }).click()
  await expect(dialog.getByText('Answers like the payroll service')).toBeVisible()
  await app.screenshot('settings', { docs: true })
  await expectNoSeriousA11yViolations(page, 'the settings dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await switchPayrollTo(page, { address: app.sandbox.baseUrl })
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(practiceBand(page)).toHaveCount(0)
  await expect(page).toHaveTitle('Leave Desk')
  await signInToFile(app)

  // The practice drafts are not here, and this payroll holds none of them.
  await expect(statusChip(page, 'Draft', 0)).toBeVisible()
  await expect(row(page, /Olivia Nguyen|Jack Smith/)).toHaveCount(0)
  expect(app.sandbox.store.leaveRequests(app.demo.fileId).filter((record) => record.Notes?.startsWith('practice'))).toEqual([])
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(0)

  const real: MarkedDraft = { employee: 'Charlotte Williams', leaveType: 'Annual Leave', start: '2026-04-07', end: '2026-04-07', notes: 'real 1' }
  await draftAll(page, [real], fillWeekdays)
  await queueAllReady(page, 1)
  await expect(statusChip(page, 'Synced', 1)).toBeVisible({ timeout: 30_000 })
  expect(recordsOf(app, real)).toHaveLength(1)

  // Back to Practice: both drafts intact and unsent; the real payroll got only its own request.
  await switchPayrollTo(page, 'practice')
  await expect(practiceBand(page)).toBeVisible()
  await expect(page).toHaveTitle('Leave Desk — Practice')
  await signInToFile(app)
  await expect(statusChip(page, 'Draft', 2)).toBeVisible()
  await expect(statusChip(page, 'Synced', 0)).toBeVisible()
  await row(page, /Olivia Nguyen/).click()
  await expect(editor(page).getByLabel('Notes', { exact: true })).toHaveValue('practice 1')
  await expect(row(page, /Jack Smith/)).toHaveCount(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)

  // "Copy to …": the clerk copies the practice drafts to the real payroll, as new drafts; nothing is sent.
  await page.keyboard.press('Control+,')
  await settingsDialog(page).getByRole('combobox', { name: 'Copy to' }).selectOption({ label: new URL(app.sandbox.baseUrl).host })
  await settingsDialog(page).getByRole('button', { name: 'Copy 2 drafts' }).click()
  await expect(settingsDialog(page).getByText(/^Copied 2 drafts to/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(statusChip(page, 'Draft', 2)).toBeVisible()
  await switchPayrollTo(page, { address: app.sandbox.baseUrl })
  await signInToFile(app)
  await expect(statusChip(page, 'Draft', 2)).toBeVisible()
  await expect(statusChip(page, 'Synced', 1)).toBeVisible()
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  expect(app.consoleErrors()).toEqual([])
})
