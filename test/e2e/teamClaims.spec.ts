import type { Locator, Page } from '@playwright/test'
import { TEAM_UNSHARED_MESSAGE } from '../../renderer/src/team/teamClaimWords'
import { startTeamServer } from '../teamServer/startTeamServer'
import { draftRequest, editor, fillWeekdays, row, signInAndOpenFile, type DraftInput } from './steps/drafting'
import { decisionDialog } from './steps/decisions'
import { queueOpenDraft } from './steps/safeguards'
import { dismissToast, employeeIdOf, openRequest } from './steps/sync'
import type { LeaveDeskApp } from './harness/fixtures'
import { expect, test } from './harness/twoClerks'

/**
 * Two clerks, one payroll file, one team server (issue 29): the claim before each insert. B queueing the
 * leave A already sent is stopped before payroll and decides; both sending it while the team server is
 * down reach payroll, and once it is back both requests say so, with both payroll numbers.
 */

const OLIVIA_7_8_DEC: DraftInput = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-07', end: '2026-12-08' }
const statusIn = (page: Page) => page.getByRole('region', { name: 'Open draft' }).locator('.editor-heading')
const colleagueSent = (page: Page) => page.getByRole('group', { name: 'A colleague already sent this leave' })
const possiblyTwice = (page: Page) => page.getByRole('group', { name: 'Possibly in payroll twice' })

/** What payroll holds for the leave, whoever sent it. */
function payrollRecordsOf(app: LeaveDeskApp, leave: DraftInput) {
  const employeeId = employeeIdOf(app, leave.employee)
  return app.sandbox.store
    .leaveRequests(app.demo.fileId)
    .filter((record) => record.EmployeeId === employeeId && record.StartDate.startsWith(leave.start) && record.EndDate.startsWith(leave.end))
}

async function bothTeamReady(ana: LeaveDeskApp, ben: LeaveDeskApp): Promise<void> {
  for (const clerk of [ana, ben]) {
    await signInAndOpenFile(clerk)
    await expect(clerk.page.getByTestId('team-status')).toContainText('Team as of', { timeout: 15_000 })
  }
  // The file's one-time holiday question: the first clerk answers, the region reaches the other by the
  // team (or they answer it too, if it had not arrived yet). Out of the way for the pictures.
  for (const clerk of [ana, ben]) {
    const use = clerk.page.getByRole('button', { name: 'Use these holidays' })
    if (await use.isVisible()) await use.click({ timeout: 5_000 }).catch(() => undefined)
    await expect(use).toHaveCount(0, { timeout: 15_000 })
  }
}

/** The docs' pictures are of the app's smallest window, 800 × 560, with the notice in view. */
async function docsScreenshot(clerk: LeaveDeskApp, notice: Locator, name: string): Promise<void> {
  const size = clerk.page.viewportSize()
  await clerk.page.setViewportSize({ width: 800, height: 560 })
  await dismissToast(clerk.page)
  await notice.scrollIntoViewIfNeeded()
  await clerk.screenshot(name, { docs: true })
  if (size) await clerk.page.setViewportSize(size)
}

/** Drafts the leave with its weekdays and queues it (Ctrl+Enter), whatever the editor warns. */
async function queueLeave(page: Page, leave: DraftInput): Promise<void> {
  await draftRequest(page, leave)
  await fillWeekdays(page)
  await queueOpenDraft(page)
}

test('B queueing the leave A sent is stopped before payroll; Discard by keyboard, or Send anyway knowingly', async ({ office: { ana, ben } }) => {
  await bothTeamReady(ana, ben)
  await queueLeave(ana.page, OLIVIA_7_8_DEC)
  await expect(ana.page.getByRole('region', { name: 'Leave request' }).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible({ timeout: 30_000 })

  // B is warned in the editor, and queues it anyway: the claim stops it before payroll.
  await draftRequest(ben.page, OLIVIA_7_8_DEC)
  await expect(editor(ben.page).getByTestId('colleague-clash-notice')).toContainText('A colleague already sent this leave.', { timeout: 15_000 })
  await fillWeekdays(ben.page)
  await queueOpenDraft(ben.page)
  const notice = colleagueSent(ben.page)
  await expect(notice).toContainText(/ana at ANA-PC sent this leave at \d\d:\d\d( [AP]M)?, so Leave Desk did not send it again\./, { timeout: 30_000 })
  await expect(statusIn(ben.page)).toContainText('Needs attention')
  expect(payrollRecordsOf(ben, OLIVIA_7_8_DEC)).toHaveLength(1)
  await docsScreenshot(ben, notice, 'team-colleague-claim')

  // Discard from the keyboard: Send anyway has the focus, Tab reaches Discard.
  await notice.getByRole('button', { name: 'Send anyway' }).focus()
  await ben.page.keyboard.press('Tab')
  await expect(notice.getByRole('button', { name: 'Discard' })).toBeFocused()
  await ben.page.keyboard.press('Enter')
  await expect(colleagueSent(ben.page)).toHaveCount(0)
  await expect(ben.page.getByRole('listbox', { name: 'Drafts' }).getByRole('option', { name: /Olivia Nguyen/ })).toHaveCount(0)
  expect(payrollRecordsOf(ben, OLIVIA_7_8_DEC)).toHaveLength(1)

  // The same leave again, this time a second, separate one: Send anyway puts it into payroll, knowingly.
  await queueLeave(ben.page, OLIVIA_7_8_DEC)
  await expect(colleagueSent(ben.page).getByRole('button', { name: 'Send anyway' })).toBeFocused({ timeout: 30_000 })
  await ben.page.keyboard.press('Enter')
  await expect(ben.page.getByRole('region', { name: 'Leave request' }).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible({ timeout: 30_000 })
  expect(payrollRecordsOf(ben, OLIVIA_7_8_DEC)).toHaveLength(2)
  expect(ana.consoleErrors()).toEqual([])
  expect(ben.consoleErrors()).toEqual([])
})

test('both send the same leave while the team server is down → once it is back, both are flagged with both numbers; R rejects one', async ({ office: { ana, ben, teamServer } }) => {
  await bothTeamReady(ana, ben)
  await teamServer.stop()

  const numbers: number[] = []
  for (const clerk of [ana, ben]) {
    await queueLeave(clerk.page, OLIVIA_7_8_DEC)
    await expect(openRequest(clerk.page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible({ timeout: 30_000 })
    await expect(clerk.page.getByTestId('team-status')).toContainText('Team server unreachable — sending goes on')
    await expect(clerk.page.getByText(TEAM_UNSHARED_MESSAGE)).toBeVisible()
  }
  const records = payrollRecordsOf(ana, OLIVIA_7_8_DEC)
  expect(records).toHaveLength(2)
  numbers.push(...records.map((record) => record.Id))

  // The team server is back (same address, same data): replication meets the two claims.
  const back = await startTeamServer({ port: teamServer.port, store: teamServer.store })
  try {
    for (const clerk of [ana, ben]) {
      const notice = possiblyTwice(clerk.page)
      await expect(notice).toBeVisible({ timeout: 60_000 })
      for (const id of numbers) await expect(notice).toContainText(`payroll number ${id}`)
      await expect(clerk.page.getByText(TEAM_UNSHARED_MESSAGE)).toHaveCount(0)
      // Listed where the clerk acts on it (All open, Needs attention) as well as under Synced, flagged in each.
      for (const chip of [/^All open/, /^Needs attention/, /^Synced/]) {
        await clerk.page.getByRole('group', { name: 'Show drafts by status' }).getByRole('button', { name: chip }).click()
        await expect(row(clerk.page, /Olivia Nguyen/).getByTestId('possibly-twice-badge')).toHaveText('Possibly in payroll twice')
      }
    }
    await docsScreenshot(ben, possiblyTwice(ben.page), 'team-possibly-twice')

    // One key: R, the usual Reject with its reason; payroll has one of the two rejected.
    await openRequest(ben.page).getByRole('heading', { name: 'Leave request in payroll' }).focus()
    await ben.page.keyboard.press('r')
    await expect(decisionDialog(ben.page).getByLabel('Reason (optional)')).toBeFocused()
    await ben.page.keyboard.type('Entered twice: Ana’s is kept')
    await ben.page.keyboard.press('Control+Enter')
    await expect.poll(() => payrollRecordsOf(ben, OLIVIA_7_8_DEC).map((record) => record.Status).sort(), { timeout: 30_000 }).toEqual(['Pending', 'Rejected'])
    // The one rejected is Ben's own; its row no longer says it may be in payroll twice.
    await expect(row(ben.page, /Olivia Nguyen/).getByTestId('possibly-twice-badge')).toHaveCount(0, { timeout: 30_000 })
    // Ana's is the one copy left to pay: her flag is taken off once Ben's rejection reaches her ledger.
    await expect(possiblyTwice(ana.page)).toHaveCount(0, { timeout: 60_000 })
    await expect(row(ana.page, /Olivia Nguyen/).getByTestId('possibly-twice-badge')).toHaveCount(0)
    expect(ana.consoleErrors()).toEqual([])
    expect(ben.consoleErrors()).toEqual([])
  } finally {
    await back.stop()
  }
})
