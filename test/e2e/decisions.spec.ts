import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test, type LeaveDeskApp } from './harness/fixtures'
import type { Page } from '@playwright/test'
import { editor, fillWeekdays, row, signInAndOpenFile } from './steps/drafting'
import { decisionDialog, madeInPayroll, openByNumber } from './steps/decisions'
import { openFileWithHolidays, payrollButtons, payrollRecord, requestInPayroll, UPDATE_ROUTE } from './steps/inPayroll'
import { dismissToast, draftAll, INSERT_ROUTE, openRequest, queueAllReady, recordsOf, statusChip, type MarkedDraft } from './steps/sync'

/**
 * A clerk's decisions from the chair: Reject with a reason (and an Undo that sends nothing), Approve of
 * ten ticked requests at once, a request made in payroll itself opened by its number and approved, and
 * an Uncertain request linked to the number the clerk found in payroll.
 */

const history = (page: Page) => openRequest(page).getByRole('list', { name: 'Attempts' })

/** Signed in, the request drafted and queued; payroll stores it but its answer is lost: Uncertain. */
async function uncertainInsert(app: LeaveDeskApp, request: MarkedDraft): Promise<void> {
  await signInAndOpenFile(app)
  await draftAll(app.page, [request], fillWeekdays)
  app.sandbox.faults.add({ kind: 'drop-after-commit', route: INSERT_ROUTE, times: 1 })
  await queueAllReady(app.page, 1)
  await expect(statusChip(app.page, 'Uncertain', 1)).toBeVisible()
}

test('Reject asks first and takes a reason: Undo within the grace sends nothing; confirmed, payroll holds it Rejected with the reason in Notes', async ({ app }) => {
  test.setTimeout(90_000)
  const page = await openFileWithHolidays(app)
  const request: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-08-03', end: '2026-08-05', notes: 'school holidays' }
  const id = await requestInPayroll(app, request)

  // R asks first; Escape leaves it as it was.
  await page.keyboard.press('r')
  await expect(decisionDialog(page)).toContainText(`Reject request #${id} (Olivia Nguyen, 3 – 5 Aug 2026)?`)
  await expect(decisionDialog(page).getByLabel('Reason (optional)')).toBeFocused()
  await expectNoSeriousA11yViolations(page, 'the reject question')
  await page.keyboard.press('Escape')
  await expect(decisionDialog(page)).toHaveCount(0)

  // Confirmed, then undone at once: nothing reaches payroll.
  await payrollButtons(page).getByRole('button', { name: /^Reject/ }).click()
  await expect(decisionDialog(page).getByLabel('Reason (optional)')).toBeFocused()
  await page.keyboard.type('Not enough cover that week')
  await decisionDialog(page).getByRole('button', { name: 'Reject', exact: true }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Rejected. It goes to payroll in 6 seconds')
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(toast).toContainText('Undone: nothing was sent to payroll.')
  await expect(openRequest(page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible()
  await expect(history(page)).toContainText('Undone before it was sent; nothing went to payroll.')

  // Again, with the reason, and left to go (Ctrl+Enter from the reason confirms).
  await page.keyboard.press('r')
  await expect(decisionDialog(page).getByLabel('Reason (optional)')).toBeFocused()
  await page.keyboard.type('Not enough cover that week')
  await page.keyboard.press('Control+Enter')
  await expect(toast).toContainText('Rejected.')
  // Held for the grace, then sent: payroll has it, and the request is back in payroll here.
  await expect.poll(() => payrollRecord(app, id).Status, { timeout: 30_000 }).toBe('Rejected')
  await expect(openRequest(page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible({ timeout: 30_000 })
  await expect(openRequest(page).locator('dt:text-is("Approval") + dd')).toHaveText('Rejected')
  expect(payrollRecord(app, id)).toMatchObject({ Status: 'Rejected', Notes: 'school holidays\nRejected: Not enough cover that week' })
  // One PUT: the undone rejection never left.
  expect(app.sandbox.stats.count(UPDATE_ROUTE)).toBe(1)
  await expect(history(page)).toContainText('Rejected in Leave Desk: Not enough cover that week')
  await expect(openRequest(page).locator('dt:text-is("Notes") + dd')).toContainText('Rejected: Not enough cover that week')
  expect(app.consoleErrors()).toEqual([])
})

test('ten requests ticked and approved at once: ten PUTs, each once, in the order ticked, each Approved with its days', async ({ app }) => {
  test.setTimeout(150_000)
  const page = await openFileWithHolidays(app)
  const days = ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18']
  const ids: number[] = []
  for (const [index, day] of days.entries()) {
    const id = await madeInPayroll(app, { employee: 'Jack Smith', start: day, end: day, notes: `bulk ${index + 1}` })
    await openByNumber(page, id)
    ids.push(id)
  }
  await dismissToast(page)
  await statusChip(page, 'Synced', 10).click()

  // Ticked from the last day back to the first: that is the order they go in.
  const ticked = [...days.keys()].reverse()
  for (const index of ticked) {
    const label = `${Number(days[index]!.slice(8))} Sep 2026`
    await row(page, new RegExp(`(?<!\\d)${label}`)).click({ modifiers: ['ControlOrMeta'] })
  }
  await expect(page.getByRole('group', { name: 'Requests in payroll' })).toContainText('10 ticked')
  await expectNoSeriousA11yViolations(page, 'ten ticked requests')
  await page.keyboard.press('a')
  await expect(decisionDialog(page)).toContainText('Approve 10 requests?')
  await decisionDialog(page).getByRole('button', { name: 'Approve 10 requests' }).click()

  await expect.poll(() => ids.map((id) => payrollRecord(app, id).Status), { timeout: 60_000 }).toEqual(ids.map(() => 'Approved'))
  expect(app.sandbox.stats.paths(UPDATE_ROUTE)).toEqual(ticked.map((index) => `/Payroll/LeaveRequest/${ids[index]}`))
  for (const [index, id] of ids.entries()) {
    expect((payrollRecord(app, id).Items ?? []).map((item) => [item.Date.slice(0, 10), item.Hours])).toEqual([[days[index], 7.6]])
  }
  expect(app.consoleErrors()).toEqual([])
})

test('a request made in payroll itself, opened by its number and approved from Leave Desk, is Approved in payroll with its days', async ({ app }) => {
  test.setTimeout(90_000)
  const page = await openFileWithHolidays(app)
  const id = await madeInPayroll(app, { employee: 'Charlotte Williams', start: '2026-08-10', end: '2026-08-12', notes: 'asked at the front desk' })

  // The search takes a payroll number and offers to open it.
  await page.keyboard.press('Control+f')
  await page.keyboard.type(`#${id}`)
  await page.getByRole('group', { name: 'Requests in payroll' }).getByRole('button', { name: `Open payroll request #${id}` }).click()
  await expect(openRequest(page)).toContainText(`In payroll as request #${id}`)
  await expect(openRequest(page).locator('dt:text-is("Approval") + dd')).toHaveText('Pending')
  await expect(row(page, /Charlotte Williams/)).toHaveAttribute('aria-selected', 'true')
  await expect(history(page)).toContainText(`Opened from payroll as request #${id}.`)

  // Approve: payroll needs its days; Fill weekdays has the keyboard.
  await payrollButtons(page).getByRole('button', { name: /^Approve/ }).click()
  await expect(editor(page).getByRole('button', { name: /Fill weekdays/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(editor(page).getByTestId('total-hours')).toHaveText('22.8 h')
  await page.keyboard.press('Control+Enter')
  // Queued, the editor turns read-only: the keyboard is on the request's heading, not lost on the page.
  await expect(openRequest(page).getByRole('heading', { name: /^Leave request/ })).toBeFocused()
  await expect(openRequest(page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible({ timeout: 30_000 })
  const approved = payrollRecord(app, id)
  expect(approved.Status).toBe('Approved')
  expect((approved.Items ?? []).map((item) => [item.Date.slice(0, 10), item.Hours])).toEqual([
    ['2026-08-10', 7.6],
    ['2026-08-11', 7.6],
    ['2026-08-12', 7.6]
  ])
  expect(app.sandbox.stats.count(UPDATE_ROUTE)).toBe(1)

  // A number payroll does not have is said so.
  await page.keyboard.press('Control+Shift+O')
  await page.keyboard.type('987654')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toContainText('Payroll has no request #987654 in this business. Check the number.')
  expect(app.consoleErrors()).toEqual([])
})

test('an Uncertain insert marked as sent with payroll’s number: another request’s number is refused in plain words, the matching one links it', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  const request: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-07-06', end: '2026-07-07', notes: 'lost answer' }
  await uncertainInsert(app, request)
  await row(page, /Olivia Nguyen/).click()
  const found = recordsOf(app, request)
  expect(found).toHaveLength(1)
  const other = await madeInPayroll(app, { employee: 'Jack Smith', start: '2026-07-06', end: '2026-07-08', notes: 'someone else' })

  const link = openRequest(page).getByRole('form', { name: 'Found it in payroll?' })
  await link.getByLabel('Its number in payroll').fill(String(other))
  await link.getByRole('button', { name: 'Mark as sent as this number' }).click()
  await expect(link.getByRole('alert')).toHaveText(
    `Payroll’s request #${other} is not this one: the employee and the last day are different. Nothing was changed. Check the number in payroll.`
  )
  await expect(statusChip(page, 'Uncertain', 1)).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'an uncertain request with a refused number')

  await link.getByLabel('Its number in payroll').fill(String(found[0]!.Id))
  await link.getByRole('button', { name: 'Mark as sent as this number' }).click()
  await expect(openRequest(page)).toContainText(`In payroll as request #${found[0]!.Id}`)
  await expect(history(page)).toContainText(`You found it in payroll as request #${found[0]!.Id}; linked to it.`)
  // The clerk's insert, and the other request made in payroll: nothing was sent again.
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(2)
  expect(recordsOf(app, request)).toHaveLength(1)
  expect(app.consoleErrors()).toEqual([])
})

test('a number opened that is an Uncertain insert’s (same employee, leave type and dates) is offered as a link, not kept twice', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  const request: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-07-13', end: '2026-07-14', notes: 'answer lost' }
  await uncertainInsert(app, request)
  const [found] = recordsOf(app, request)

  await page.keyboard.press('Control+Shift+O')
  await page.keyboard.type(String(found!.Id))
  await page.keyboard.press('Enter')
  const offer = page.getByRole('dialog', { name: `Is request #${found!.Id} the one you sent?` })
  await expect(offer).toContainText('Your request for Olivia Nguyen, 13 – 14 Jul 2026 is Uncertain')
  await expect(offer.getByRole('button', { name: 'Link to my request' })).toBeFocused()
  await expectNoSeriousA11yViolations(page, 'the offer to link an uncertain request')
  await page.keyboard.press('Enter')

  await expect(page.getByTestId('toast')).toContainText(`Linked: your request is request #${found!.Id} in payroll. Nothing was sent again.`)
  await expect(openRequest(page)).toContainText(`In payroll as request #${found!.Id}`)
  await expect(history(page)).toContainText(`You found it in payroll as request #${found!.Id}; linked to it.`)
  await expect(statusChip(page, 'Uncertain', 1)).toHaveCount(0)
  // One request in Leave Desk and one in payroll: the lost answer's insert, never sent again.
  await expect(row(page, /Olivia Nguyen/)).toHaveCount(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  expect(recordsOf(app, request)).toHaveLength(1)
  expect(app.consoleErrors()).toEqual([])
})
