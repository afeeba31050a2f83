import type { Page } from '@playwright/test'
import { DEMO_CREDENTIALS } from '../../main/sandbox'
import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'
import { draftRequest, editor, field, fillWeekdays, row } from './steps/drafting'
import { openFileInNsw, queueOpenDraft } from './steps/safeguards'

/**
 * The clerk's safeguards, driven through the built renderer in Chromium with real IndexedDB: duplicates
 * asked about, overlaps marked, public holidays left out, part-time patterns, projected balances.
 */

/** The open request's heading, editable or read-only, with its status badge. */
const statusIn = (page: Page) => page.getByRole('region', { name: 'Open draft' }).locator('.editor-heading')

test('an exact duplicate asks before it is queued; an overlap is marked in the editor and the list', async ({ app }) => {
  const { page } = app
  await openFileInNsw(app, { offline: true })

  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await fillWeekdays(page)
  await queueOpenDraft(page)
  await expect(statusIn(page)).toContainText('Queued')

  // The same employee, leave type and dates again.
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await fillWeekdays(page)
  await expect(editor(page).getByTestId('clash-notice')).toContainText('Same as Annual Leave 2 – 3 Mar 2026, queued')
  await queueOpenDraft(page)
  const dialog = page.getByRole('dialog', { name: 'Queue a duplicate?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Jack Smith, Annual Leave 2 – 3 Mar 2026')
  await expect(dialog).toContainText('Same as Annual Leave 2 – 3 Mar 2026, queued')
  await app.screenshot('duplicate-prompt', { docs: true })
  await expectNoSeriousA11yViolations(page, 'the duplicate question')

  // Escape (or "Don't queue") leaves it a draft.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(statusIn(page)).toContainText('Draft')

  await queueOpenDraft(page)
  await dialog.getByRole('button', { name: 'Queue anyway' }).click()
  await expect(statusIn(page)).toContainText('Queued')

  // Another leave type on a shared day: marked, with a link to the other request.
  await draftRequest(page, { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: '2026-03-03', end: '2026-03-04' })
  const notice = editor(page).getByTestId('clash-notice')
  await expect(notice).toContainText('These dates overlap another request.')
  await expect(notice.getByRole('button', { name: 'Overlaps Annual Leave 2 – 3 Mar 2026, queued' })).toHaveCount(2)
  await expect(row(page, /Jack Smith.*Personal/).getByTestId('clash-badge')).toHaveText('Overlaps')
  await notice.getByRole('button', { name: 'Overlaps Annual Leave 2 – 3 Mar 2026, queued' }).first().click()
  await expect(field(page, 'First day')).toHaveCount(0) // a queued request opens read-only
  await expect(statusIn(page)).toContainText('Queued')
  // The read-only view marks it too: the confirmed duplicate and the overlapping draft.
  const stored = page.getByRole('region', { name: 'Open draft' }).getByTestId('clash-notice')
  await expect(stored).toContainText('Payroll may get this leave twice: check it is meant.')
  await expect(stored).toContainText("Overlaps Personal/Carer's Leave 3 – 4 Mar 2026, draft")
})

test('Fill across Christmas and New Year in New South Wales leaves out 25 and 28 December 2026 and 1 January 2027', async ({ app }) => {
  const { page } = app
  await openFileInNsw(app)

  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-21', end: '2027-01-01' })
  const holidays = editor(page).getByTestId('holiday-note')
  // Written from the NSW list: Christmas Fri 25 Dec; Boxing Day Sat 26 Dec with Mon 28 Dec added; New Year's Day Fri 1 Jan.
  await expect(holidays).toContainText('Fri 25 Dec 2026: Christmas Day')
  await expect(holidays).toContainText('Mon 28 Dec 2026: Boxing Day (substitute day)')
  await expect(holidays).toContainText("Fri 1 Jan 2027: New Year's Day")
  await fillWeekdays(page)
  const expected = ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31']
  await expect(editor(page).getByLabel(/^Date, line/)).toHaveCount(expected.length)
  for (const [i, date] of expected.entries()) await expect(editor(page).getByLabel(`Date, line ${i + 1}`)).toHaveValue(date)
  await expect(editor(page).getByTestId('total-hours')).toHaveText('53.2 h')
  await expectNoSeriousA11yViolations(page, 'the editor with public holidays in its dates')

  // The clerk can still add a holiday, which is marked as one; a refill then asks before dropping it.
  await editor(page).getByRole('button', { name: 'Add line' }).click()
  await editor(page).getByLabel('Date, line 8').fill('2027-01-01')
  await expect(editor(page).locator('tr.holiday-line')).toHaveCount(1)
  await editor(page).getByRole('button', { name: /Refill weekdays/ }).click()
  await expect(editor(page).getByRole('alertdialog', { name: 'Refill would replace 1 line you changed.' })).toBeVisible()
  await editor(page).getByRole('button', { name: 'Keep my lines' }).click()
  await expect(editor(page).getByRole('spinbutton', { name: /^Hours, line/ })).toHaveCount(8)
})

test('a part-time work pattern fills 4 h on Thursdays and nothing on Fridays; H makes a half day; moved dates offer a refit', async ({ app }) => {
  const { page } = app
  await openFileInNsw(app)

  await draftRequest(page, { employee: 'Noah Brown', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06' })
  await editor(page).getByRole('button', { name: 'Change work pattern' }).click()
  await editor(page).getByLabel('Hours on Thursday').fill('4')
  await editor(page).getByLabel('Hours on Friday').fill('0')
  await editor(page).getByRole('button', { name: 'Save pattern' }).click()
  await expect(editor(page).getByTestId('work-pattern')).toHaveText('Works Mon–Wed 7.6 h, Thu 4 h')
  await expect(page.getByRole('region', { name: 'Public holidays for this file' })).toBeHidden()

  await editor(page).getByRole('button', { name: 'Fill weekdays from the work pattern' }).click()
  const hours = editor(page).getByRole('spinbutton', { name: /^Hours, line/ })
  await expect(hours).toHaveCount(4)
  await expect(editor(page).getByRole('spinbutton', { name: 'Hours, line 4' })).toHaveValue('4')
  await expect(editor(page).getByRole('row', { name: /Thu/ })).toHaveCount(1)
  await expect(editor(page).getByTestId('total-hours')).toHaveText('26.8 h')

  await editor(page).getByRole('spinbutton', { name: 'Hours, line 1' }).focus()
  await page.keyboard.press('h')
  await expect(editor(page).getByRole('spinbutton', { name: 'Hours, line 1' })).toHaveValue('3.8')

  // The dates move a week on: the lines no longer fit, and the clerk is offered a refit.
  await field(page, 'First day').fill('2026-03-04')
  await field(page, 'Last day').fill('2026-03-10')
  await expect(editor(page).getByText(/The dates no longer match the lines: 2 lines are outside the dates and 2 working days have no line/)).toBeVisible()
  await editor(page).getByRole('button', { name: 'Fit lines to the dates' }).click()
  await expect(hours).toHaveCount(4)
  await expect(editor(page).getByTestId('total-hours')).toHaveText('26.8 h')

  // Kept on this computer: another request for Noah fills the same way.
  await draftRequest(page, { employee: 'Noah Brown', leaveType: 'Annual Leave', start: '2026-03-12', end: '2026-03-13' })
  await editor(page).getByRole('button', { name: 'Fill weekdays from the work pattern' }).click()
  await expect(editor(page).getByTestId('total-hours')).toHaveText('4 h')
})

test('the projected balance takes off two queued requests and this one', async ({ app }) => {
  const { page } = app
  await openFileInNsw(app, { offline: true })

  // Jack Smith has 44.6 h of Annual Leave in the demo file.
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await fillWeekdays(page)
  await expect(editor(page).getByTestId('projected-balance')).toContainText('After this request: 29.4 h of Annual Leave')
  await queueOpenDraft(page)
  await expect(statusIn(page)).toContainText('Queued')

  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-10' })
  await fillWeekdays(page)
  await queueOpenDraft(page)
  await expect(statusIn(page)).toContainText('Queued')

  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-16', end: '2026-03-16' })
  await fillWeekdays(page)
  const projected = editor(page).getByTestId('projected-balance')
  await expect(projected).toContainText('After this request: 6.6 h of Annual Leave')
  await expect(projected).toContainText('less 30.4 h in 2 requests queued or sent since the balance was fetched')

  // A second day takes it below zero: a warning, and the draft still queues.
  await field(page, 'Last day').fill('2026-03-17')
  await editor(page).getByRole('button', { name: 'Fit lines to the dates' }).click()
  await expect(projected).toContainText('After this request: -1 h of Annual Leave')
  await expect(projected).toContainText('below zero')
  // Said once: no second box with the same news.
  await expect(editor(page).getByText(/below zero|Over the balance/)).toHaveCount(1)
  await queueOpenDraft(page)
  await expect(statusIn(page)).toContainText('Queued')
})

test("online, the projected balance starts from payroll's balance on the leave's first day", async ({ app }) => {
  const { page } = app
  // Payroll already has Jack's approved leave on 9–10 March (15.2 h): today's balance is 44.6 − 15.2.
  const inserted = await fetch(`${app.sandbox.baseUrl}/Payroll/LeaveRequest?FileId=1001&wsAccessKey=${DEMO_CREDENTIALS.legacyKey.wsAccessKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-version': '1.0' },
    body: JSON.stringify({
      LeaveTypePayItemId: 101,
      EmployeeId: 6002,
      StartDate: '2026-03-09',
      EndDate: '2026-03-10',
      Status: 'Approved',
      Items: [
        { Date: '2026-03-09', Hours: 7.6, IsPaid: true },
        { Date: '2026-03-10', Hours: 7.6, IsPaid: true }
      ]
    })
  })
  expect(inserted.status).toBe(200)
  await openFileInNsw(app)

  // On 2 March that leave is still ahead, so payroll's balance for that day is the whole 44.6 h.
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-02' })
  await fillWeekdays(page)
  const projected = editor(page).getByTestId('projected-balance')
  await expect(projected).toContainText("After this request: 37 h of Annual Leave (payroll's balance on 2 Mar 2026 44.6 h, less 7.6 h for this one)")
  await expect(projected).toContainText('not requests still pending there, nor those queued here')
  // After 10 March it is taken: payroll's balance for the 11th is 29.4 h.
  await field(page, 'First day').fill('2026-03-11')
  await field(page, 'Last day').fill('2026-03-11')
  await expect(projected).toContainText("payroll's balance on 11 Mar 2026 29.4 h")
})

test('the leave calendar shows who is away each day, with approval and leave type in words and overlaps marked, all by keyboard', async ({ app }) => {
  const { page } = app
  await openFileInNsw(app, { offline: true })

  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-21', end: '2026-12-24' })
  await fillWeekdays(page)
  await queueOpenDraft(page)
  await expect(statusIn(page)).toContainText('Queued')
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-12-22', end: '2026-12-23' })
  await draftRequest(page, { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: '2026-12-23', end: '2026-12-23' })

  await page.getByRole('button', { name: 'Calendar' }).click()
  const calendar = page.getByRole('dialog', { name: /Leave calendar/ })
  await expect(calendar.getByRole('heading', { name: 'Leave calendar: December 2026' })).toBeVisible()
  const day = (date: string) => calendar.locator(`#calendar-day-${date}`)
  await expect(day('2026-12-23')).toBeFocused()
  await expect(day('2026-12-23')).toHaveAttribute('aria-label', '23 Dec 2026: 3 away, none approved, overlapping requests')
  await expect(day('2026-12-23')).toContainText('Olivia N.Pending · Annual Leave')
  await expect(day('2026-12-23')).toContainText("Jack S. · overlapPending · Personal/Carer's Leave")
  await expect(day('2026-12-22')).toHaveAttribute('aria-label', '22 Dec 2026: 2 away, none approved')
  await expect(day('2026-12-25')).toContainText('Christmas Day')

  await page.keyboard.press('ArrowRight')
  await expect(day('2026-12-24')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(day('2026-12-17')).toBeFocused()
  await page.keyboard.press('PageDown')
  await expect(calendar.getByRole('heading', { name: 'Leave calendar: January 2027' })).toBeVisible()
  await expect(day('2027-01-17')).toBeFocused()
  await page.keyboard.press('PageUp')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowLeft')
  await expect(day('2026-12-30')).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  const list = calendar.getByRole('list', { name: 'Requests on 22 Dec 2026' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await app.screenshot('leave-calendar', { docs: true })
  await expectNoSeriousA11yViolations(page, 'the leave calendar with a day open')

  await list.getByRole('button', { name: /Jack Smith/ }).click()
  await expect(calendar).toBeHidden()
  await expect(field(page, 'First day')).toHaveValue('2026-12-22')
})
