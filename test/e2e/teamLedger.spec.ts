import type { Page } from '@playwright/test'
import { draftRequest, editor, fillWeekdays, row, signInAndOpenFile } from './steps/drafting'
import { queueOpenDraft } from './steps/safeguards'
import { expect, test } from './harness/twoClerks'

/**
 * Two clerks on one payroll file with a team server (issue 29): what one sends, the other sees before
 * sending it again. Each clerk has their own Leave Desk (main services, settings, IndexedDB).
 */

const OLIVIA_7_8_DEC = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-07', end: '2026-12-08' }
const statusIn = (page: Page) => page.getByRole('region', { name: 'Open draft' }).locator('.editor-heading')

test('A sends Olivia 7–8 Dec; B drafting the same is warned in the editor and the list, naming A', async ({ office: { ana, ben } }) => {
  await signInAndOpenFile(ana)
  await signInAndOpenFile(ben)
  await expect(ana.page.getByTestId('team-status')).toContainText('Team as of')
  await expect(ben.page.getByTestId('team-status')).toContainText('Team as of')

  await draftRequest(ana.page, OLIVIA_7_8_DEC)
  await fillWeekdays(ana.page)
  await queueOpenDraft(ana.page)
  await expect(statusIn(ana.page)).toContainText('Synced')

  await draftRequest(ben.page, OLIVIA_7_8_DEC)
  const notice = editor(ben.page).getByTestId('colleague-clash-notice')
  await expect(notice).toContainText('A colleague already sent this leave.')
  await expect(notice).toContainText(/ana at ANA-PC sent this leave \(Annual Leave 7 – 8 Dec 2026\) at \d\d:\d\d today; in payroll as #\d+/)
  await expect(row(ben.page, /Olivia Nguyen/).getByTestId('colleague-clash-badge')).toHaveText('Sent by ana at ANA-PC')
  await notice.scrollIntoViewIfNeeded()
  await ben.screenshot('team-colleague-sent', { docs: true })

  // B's calendar shows A's request, saying who entered it and how fresh the team view is.
  await ben.page.getByRole('button', { name: 'Calendar' }).click()
  const calendar = ben.page.getByRole('dialog', { name: /Leave calendar/ })
  const december = calendar.getByRole('heading', { name: 'Leave calendar: December 2026' })
  if (!(await december.isVisible())) await calendar.getByRole('button', { name: 'Next month' }).click()
  await expect(december).toBeVisible()
  await expect(calendar.getByTestId('team-freshness')).toContainText('Includes colleagues’ requests (team as of')
  const day = calendar.locator('#calendar-day-2026-12-07')
  await expect(day).toContainText('Olivia N.')
  await day.click()
  await ben.page.keyboard.press('Enter')
  await expect(calendar.getByTestId('colleague-day-request')).toContainText(/Olivia Nguyen Annual Leave 7 – 8 Dec 2026 · Pending · entered by ana at ANA-PC at \d\d:\d\d today, #\d+/)
  await ben.screenshot('team-calendar', { docs: true })
  expect(ana.consoleErrors()).toEqual([])
  expect(ben.consoleErrors()).toEqual([])
})

test('a work pattern A sets fills B’s days the same way', async ({ office: { ana, ben } }) => {
  await signInAndOpenFile(ana)
  await signInAndOpenFile(ben)
  await expect(ben.page.getByTestId('team-status')).toContainText('Team as of')

  await draftRequest(ana.page, { employee: 'Noah Brown', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06' })
  await editor(ana.page).getByRole('button', { name: 'Change work pattern' }).click()
  await editor(ana.page).getByLabel('Hours on Thursday').fill('4')
  await editor(ana.page).getByLabel('Hours on Friday').fill('0')
  await editor(ana.page).getByRole('button', { name: 'Save pattern' }).click()
  await editor(ana.page).getByRole('button', { name: 'Fill weekdays from the work pattern' }).click()
  await expect(editor(ana.page).getByTestId('total-hours')).toHaveText('26.8 h')

  // B never typed Noah's pattern: it arrives from the team and fills through the same day calculation.
  await draftRequest(ben.page, { employee: 'Noah Brown', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06' })
  await expect(editor(ben.page).getByTestId('work-pattern')).toHaveText('Works Mon–Wed 7.6 h, Thu 4 h')
  await editor(ben.page).getByRole('button', { name: 'Fill weekdays from the work pattern' }).click()
  await expect(editor(ben.page).getByTestId('total-hours')).toHaveText('26.8 h')
  await expect(editor(ben.page).getByRole('spinbutton', { name: 'Hours, line 4' })).toHaveValue('4')
})
