import { DEMO_CREDENTIALS } from '../../main/sandbox'
import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { editor, fillWeekdays, row, signInAndOpenFile } from './steps/drafting'
import { deletedChip, deletedList, heldLine, heldNotice, HELD_LINE, statusFilters } from './steps/queueCare'
import {
  countOnChip,
  dismissToast,
  draftAll,
  INSERT_ROUTE,
  openRequest,
  queueAllReady,
  recordsOf,
  statusChip,
  syncPanel,
  uncertainChoices,
  type MarkedDraft
} from './steps/sync'

/**
 * Taking care of the queue from the clerk's chair: a deleted draft is never lost (the Deleted view
 * restores any of them, long after the toast's Undo is gone); a request held behind an earlier one for
 * the same employee says which one and opens it; when payroll refuses access to the file, sending stops
 * at once and the panel says why.
 */

test('a deleted draft can be found and restored from the Deleted view after its Undo message has gone', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  const drafts: MarkedDraft[] = [
    { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03', notes: 'deleted-view 1' },
    { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-10', notes: 'deleted-view 2' }
  ]
  await draftAll(page, drafts, fillWeekdays)
  await expect(deletedChip(page, 0)).toBeVisible()

  await row(page, 'Olivia Nguyen').click()
  await page.keyboard.press('Delete')
  await expect(page.getByRole('status').filter({ hasText: 'Draft deleted.' })).toBeVisible()
  await expect(deletedChip(page, 1)).toBeVisible()
  // Another message takes the toast's place: its Undo is gone.
  await row(page, 'Jack Smith').click()
  await page.keyboard.press('Control+d')
  await expect(page.getByRole('status').filter({ hasText: 'Duplicated.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0)
  await expect(row(page, 'Olivia Nguyen')).toHaveCount(0)

  await deletedChip(page, 1).click()
  await expect(deletedChip(page, 1)).toHaveAttribute('aria-pressed', 'true')
  const deleted = deletedList(page).getByRole('listitem')
  await expect(deleted).toHaveCount(1)
  await expect(deleted).toContainText('Olivia Nguyen')
  await expect(deleted).toContainText('2 – 3 Mar 2026')
  await expect(deleted).toContainText(/Deleted (today|yesterday) at \d\d:\d\d/)
  const restore = deleted.getByRole('button', { name: 'Restore Olivia Nguyen, 2 – 3 Mar 2026' })
  await expect(restore).toBeVisible()
  await dismissToast(page)
  await app.screenshot('deleted-view')
  await expectNoSeriousA11yViolations(page, 'the Deleted view')

  // From the keyboard: the draft comes back as it was, open, and the list shows it selected.
  await restore.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible()
  await expect(deletedChip(page, 0)).toBeVisible()
  await expect(statusFilters(page).getByRole('button', { name: /^All open/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(row(page, 'Olivia Nguyen')).toHaveAttribute('aria-selected', 'true')
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue('Olivia Nguyen')
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toBeFocused()
  await expect(editor(page).getByLabel('Notes', { exact: true })).toHaveValue('deleted-view 1')

  await deletedChip(page, 0).click()
  await expect(page.getByText('No deleted drafts. A draft you delete is kept here, so you can restore it.')).toBeVisible()
  expect(app.consoleErrors()).toEqual([])
})

test('a request held behind an earlier one for the same employee says which one, and opens it', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  const first: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-07-06', end: '2026-07-07', notes: 'held 1' }
  const second: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-08-03', end: '2026-08-04', notes: 'held 2' }
  await draftAll(page, [first, second], fillWeekdays)

  // Payroll stores the first request but its answer is lost: uncertain, and the second must wait for it.
  app.sandbox.faults.add({ kind: 'drop-after-commit', route: INSERT_ROUTE, times: 1 })
  await queueAllReady(page, 2)
  await expect(statusChip(page, 'Uncertain', 1)).toBeVisible()
  await expect(statusChip(page, 'Queued', 1)).toBeVisible()
  await expect(syncPanel(page)).toContainText('1 request may or may not have reached payroll — please check')
  await expect(heldLine(page, 1)).toBeVisible()
  await expect(syncPanel(page)).not.toContainText('waiting to be sent')
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)

  await statusChip(page, 'Queued', 1).click()
  await row(page, 'Olivia Nguyen').click()
  await expect(openRequest(page)).toContainText('Queued for sending.')
  const notice = heldNotice(page)
  await expect(notice).toContainText('this one waits until this earlier request is settled')
  await expect(notice).toContainText('Olivia Nguyen, Annual Leave, 6 – 7 Jul 2026')
  await expect(notice).toContainText('Uncertain')
  await expect(notice).toContainText('choose “Send again” or “Mark as sent”')
  await dismissToast(page)
  await notice.scrollIntoViewIfNeeded()
  await app.screenshot('held-request')
  await expectNoSeriousA11yViolations(page, 'a request held behind an earlier one')

  // From the keyboard: the earlier request opens, and the list shows it.
  await notice.getByRole('button', { name: 'Open the earlier request' }).focus()
  await page.keyboard.press('Enter')
  await expect(uncertainChoices(page)).toBeVisible()
  await expect(openRequest(page).getByRole('heading', { name: 'Leave request' })).toBeFocused()
  await expect(openRequest(page).locator('dt:text-is("Dates") + dd')).toHaveText('6 – 7 Jul 2026')
  await expect(statusFilters(page).getByRole('button', { name: /^All open/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('listbox', { name: 'Drafts' }).getByRole('option', { selected: true })).toContainText('Uncertain')

  // Payroll has it: "Mark as sent" settles it, and the held request goes by itself.
  expect(recordsOf(app, first)).toHaveLength(1)
  await uncertainChoices(page).getByRole('button', { name: 'Mark as sent' }).click()
  await expect(statusChip(page, 'Synced', 2)).toBeVisible()
  await expect(syncPanel(page)).not.toContainText(HELD_LINE)
  expect(recordsOf(app, first)).toHaveLength(1)
  expect(recordsOf(app, second)).toHaveLength(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(2)
  expect(app.consoleErrors()).toEqual([])
})

test('payroll refuses access to the file: sending stops at once, the panel says why, and signing in again resumes it', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  await signInAndOpenFile(app)
  const employees = ['Olivia Nguyen', 'Jack Smith', 'Charlotte Williams', 'Noah Brown', 'Amelia Jones', 'Isla Wilson']
  // One weekday each (Mon 7 – Fri 11 Sep, Mon 14 Sep 2026).
  const days = ['07', '08', '09', '10', '11', '14']
  const drafts: MarkedDraft[] = employees.map((employee, i) => {
    const day = `2026-09-${days[i]}`
    return { employee, leaveType: 'Annual Leave', start: day, end: day, notes: `refused ${i + 1}` }
  })
  await draftAll(page, drafts, fillWeekdays)

  // The file leaves the session's scope: main is now signed in with an account for file 1002 only.
  const solo = await app.services.signInWithPassword(DEMO_CREDENTIALS.solo.username, DEMO_CREDENTIALS.solo.password)
  expect(solo.ok).toBe(true)
  // Slow answers, so the lanes already under way are all in flight when the first refusal comes back.
  app.sandbox.faults.add({ kind: 'latency', ms: 500, route: INSERT_ROUTE })
  await queueAllReady(page, drafts.length)

  const reason =
    'Payroll refused access to file 1001: This access token does not give access to file 1001. Check your access, then press Sync now.'
  await expect(syncPanel(page).getByText(reason)).toBeVisible({ timeout: 20_000 })
  await expect(statusChip(page, 'Sending', 0)).toBeVisible()
  const refused = await countOnChip(page, 'Needs attention')
  expect(refused).toBeGreaterThanOrEqual(1)
  expect(refused, 'only the requests in flight (at most 4 lanes)').toBeLessThanOrEqual(4)
  await expect(statusChip(page, 'Queued', drafts.length - refused)).toBeVisible()
  // The inserts' refusals only: a screen's read for file 1001 (the editor's balance as at a day) may be
  // refused too when it lands after the new sign-in, and is no request sent.
  expect(app.sandbox.stats.statusCount(403, INSERT_ROUTE)).toBe(refused)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(refused)
  await dismissToast(page)
  await app.screenshot('sync-refused')
  await expectNoSeriousA11yViolations(page, 'the sync panel saying payroll refused access')

  // The clerk signs in with their own account again: sending resumes by itself.
  const clerk = await app.services.signInWithPassword(app.demo.username, app.demo.password)
  expect(clerk.ok).toBe(true)
  await expect(statusChip(page, 'Synced', drafts.length - refused)).toBeVisible({ timeout: 20_000 })
  await expect(syncPanel(page)).not.toContainText('Payroll refused access')
  await expect(statusChip(page, 'Needs attention', refused)).toBeVisible()
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(drafts.length)
  expect(app.consoleErrors()).toEqual([])
})
