import { expect, test } from './harness/fixtures'
import { fillWeekdays, signInAndOpenFile } from './steps/drafting'
import {
  dismissToast,
  draftAll,
  expectOneRecordEach,
  countOnChip,
  INSERT_ROUTE,
  openRequest,
  progressBar,
  queueAllReady,
  recordsOf,
  sixRequestsOfThreeEmployees,
  statusChip,
  syncPanel,
  uncertainChoices,
  type MarkedDraft
} from './steps/sync'

/**
 * The sync queue seen from the clerk's chair: requests drafted offline go to payroll once it is back,
 * with a progress bar while they go; a reload mid-batch loses nothing and posts nothing twice behind
 * the clerk's back; a request that may or may not have arrived waits for the clerk's word.
 */

const OFFLINE_MESSAGE = 'Payroll can’t be reached — sending starts again when it is back'
const UNCERTAIN_NOTICE = 'Payroll may already have this request: the connection dropped before payroll answered.'
const UNCERTAIN_WHY = 'Leave Desk sent this request to payroll but never got an answer, so it may or may not be in payroll.'

/** While main cannot reach the API it probes again with a backoff of up to 30 s; this covers one full step. */
const BACK_ONLINE_TIMEOUT = 45_000

test('requests drafted offline are all sent once payroll is back, with a progress bar while they go', async ({ app }) => {
  test.setTimeout(120_000)
  const { page } = app
  await signInAndOpenFile(app)
  await expect(page.getByTestId('connectivity')).toContainText('Online')
  await expect(syncPanel(page)).toContainText('Everything queued has been sent.')

  await app.sandbox.faults.down()
  const drafts = sixRequestsOfThreeEmployees('offline-batch')
  await draftAll(page, drafts, fillWeekdays)
  // The clerk asks for fresh data: that is how the app finds out payroll has gone.
  await page.getByRole('button', { name: 'Update now' }).click()
  await expect(page.getByTestId('connectivity')).toContainText('Offline')

  await queueAllReady(page, drafts.length)
  await expect(statusChip(page, 'Queued', drafts.length)).toBeVisible()
  await expect(syncPanel(page).getByText(OFFLINE_MESSAGE)).toBeVisible()
  await expect(syncPanel(page)).toContainText(`${drafts.length} requests waiting to be sent`)
  // The bug once reported: this panel said all was sent while the requests sat in the queue.
  await expect(syncPanel(page)).not.toContainText('Everything queued has been sent.')
  await expect(syncPanel(page).getByRole('button', { name: 'Sync now' })).toBeEnabled()
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(0)
  await dismissToast(page)
  await app.screenshot('sync-offline-waiting')

  // Three employees side by side, two requests each: the first three go quickly, the last three
  // slowly, so "half sent" stays on screen long enough to be seen (and photographed).
  app.sandbox.faults.add({ kind: 'latency', ms: 200, route: INSERT_ROUTE, times: 3 })
  app.sandbox.faults.add({ kind: 'latency', ms: 5_000, route: INSERT_ROUTE })
  await app.sandbox.faults.up()
  await expect(progressBar(page)).toBeVisible({ timeout: BACK_ONLINE_TIMEOUT })
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '3')
  await expect(progressBar(page)).toHaveAttribute('aria-valuemax', String(drafts.length))
  await expect(progressBar(page)).toHaveAttribute('aria-valuetext', `Sending 4 of ${drafts.length}`)
  await expect(syncPanel(page)).toContainText(`Sending 4 of ${drafts.length}`)
  await expect(syncPanel(page).getByRole('button', { name: 'Sync now' })).toBeDisabled()
  await app.screenshot('sync-progress', { docs: true })

  await expect(statusChip(page, 'Synced', drafts.length)).toBeVisible({ timeout: 30_000 })
  // The chips re-read at most twice a second while a batch runs: once it ends none is left behind.
  await expect(statusChip(page, 'Queued', 0)).toBeVisible()
  await expect(statusChip(page, 'Sending', 0)).toBeVisible()
  await expect(progressBar(page)).toBeHidden()
  await expect(syncPanel(page).getByRole('list', { name: 'Last sync' })).toHaveText(`${drafts.length} requests sent to payroll`)
  await expect(page.getByTestId('connectivity')).toContainText('Online')
  expectOneRecordEach(app, drafts, 'offline-batch ')
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(drafts.length)
  await app.screenshot('sync-done')
  expect(app.consoleErrors()).toEqual([])
})

test('a reload mid-batch loses nothing: late answers settle the requests in flight, those never sent go again, the clerk settles the one cut off', async ({
  app
}) => {
  test.setTimeout(120_000)
  const { page } = app
  await signInAndOpenFile(app)
  const employees = [
    'Olivia Nguyen', 'Jack Smith', 'Charlotte Williams', 'Noah Brown', 'Amelia Jones',
    'Isla Wilson', 'Leo Martin', 'Mia Anderson', 'Henry Thomas', 'Ava White'
  ]
  const drafts: MarkedDraft[] = employees.map((employee, i) => {
    const day = String(2 + i).padStart(2, '0')
    return { employee, leaveType: 'Annual Leave', start: `2026-06-${day}`, end: `2026-06-${day}`, notes: `reload-batch ${i + 1}` }
  })
  await draftAll(page, drafts)

  // The first request to arrive is cut off before payroll stores it; every other one takes 2 s.
  app.sandbox.faults.add({ kind: 'reset-before-commit', route: INSERT_ROUTE, times: 1 })
  app.sandbox.faults.add({ kind: 'latency', ms: 2_000, route: INSERT_ROUTE })
  await queueAllReady(page, drafts.length)
  // Sending starts by itself (payroll is reachable); the clerk reloads while requests are on their way.
  await expect(progressBar(page)).toBeVisible()
  await expect(statusChip(page, 'Uncertain', 1)).toBeVisible()
  await expect(page.getByRole('group', { name: 'Show drafts by status' }).getByRole('button', { name: /^Sending\s*[1-4]$/ })).toBeVisible()
  await app.reload()
  app.sandbox.faults.clear()

  // After the reload, payroll's late answers to the requests that were on the wire are recorded by
  // themselves, and the requests main dropped at the reload (never sent) go again: in the end only the
  // one cut off before payroll stored it waits for the clerk.
  await expect(statusChip(page, 'Synced', drafts.length - 1)).toBeVisible({ timeout: 30_000 })
  await expect(statusChip(page, 'Uncertain', 1)).toBeVisible()
  await expect(statusChip(page, 'Queued', 0)).toBeVisible()
  await expect(statusChip(page, 'Sending', 0)).toBeVisible()
  await expect(statusChip(page, 'Draft', 0)).toBeVisible()
  await expect(statusChip(page, 'Needs attention', 0)).toBeVisible()
  const uncertain = await countOnChip(page, 'Uncertain')
  // Nothing that may not have reached payroll is left to the clerk: only the request cut off mid-way.
  expect(uncertain).toBe(1)

  // Nothing was posted twice behind the clerk's back: at most one request per draft so far.
  const postsSoFar = app.sandbox.stats.count(INSERT_ROUTE)
  expect(postsSoFar).toBeLessThanOrEqual(drafts.length)
  expect(drafts.filter((draft) => recordsOf(app, draft).length > 1)).toEqual([])
  expect(drafts.filter((draft) => recordsOf(app, draft).length === 1)).toHaveLength(drafts.length - uncertain)

  // The clerk shows the uncertain ones (one per employee here, so the list's names say which they are).
  await page.getByRole('button', { name: /^Uncertain\s*\d+$/ }).click()
  const uncertainRows = page.getByRole('listbox', { name: 'Drafts' }).getByRole('option')
  await expect(uncertainRows).toHaveCount(uncertain)
  // Each row reads its own draft: wait until every row shows its name, not "Loading…".
  await expect(uncertainRows.locator('.draft-row-name')).toHaveCount(uncertain)
  const uncertainNames = await uncertainRows.locator('.draft-row-name').allInnerTexts()
  for (const draft of drafts) {
    const records = recordsOf(app, draft).length
    if (uncertainNames.includes(draft.employee)) expect(records, `uncertain: ${draft.notes}`).toBeLessThanOrEqual(1)
    else expect(records, `synced: ${draft.notes}`).toBe(1)
  }

  // For each, the clerk looks in payroll and answers accordingly.
  let markedAsSent = 0
  let sentAgain = 0
  for (let left = uncertain; left > 0; left -= 1) {
    await uncertainRows.first().click()
    await expect(openRequest(page)).toContainText('Uncertain')
    const notes = await openRequest(page).locator('dt:text-is("Notes") + dd').innerText()
    const draft = drafts.find((candidate) => candidate.notes === notes)
    if (!draft) throw new Error(`The open request's notes "${notes}" are not one of this test's drafts.`)
    await expect(uncertainChoices(page)).toContainText(UNCERTAIN_WHY)
    const postsBefore = app.sandbox.stats.count(INSERT_ROUTE)
    const inPayroll = recordsOf(app, draft).length === 1
    if (inPayroll) {
      await uncertainChoices(page).getByRole('button', { name: 'Mark as sent' }).click()
      await expect(openRequest(page).getByText('You marked this request as already in payroll.')).toBeVisible()
      markedAsSent += 1
    } else {
      await uncertainChoices(page).getByRole('button', { name: 'Send again' }).click()
      await expect(openRequest(page).getByText(/^In payroll as request #\d+\.$/)).toBeVisible()
      sentAgain += 1
    }
    await expect(openRequest(page).getByText('Synced', { exact: true })).toBeVisible()
    // "Mark as sent" posts nothing; "Send again" posts it exactly once more.
    expect(app.sandbox.stats.count(INSERT_ROUTE), draft.notes).toBe(postsBefore + (inPayroll ? 0 : 1))
    expect(recordsOf(app, draft), draft.notes).toHaveLength(1)
    await expect(uncertainRows).toHaveCount(left - 1)
  }
  expect(markedAsSent + sentAgain).toBe(uncertain)
  // The cut-off request never reached payroll's store: the clerk sends it again.
  expect(sentAgain).toBe(1)

  await expect(statusChip(page, 'Synced', drafts.length)).toBeVisible()
  await expect(statusChip(page, 'All open', 0)).toBeVisible()
  expectOneRecordEach(app, drafts, 'reload-batch ')
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(postsSoFar + sentAgain)
  expect(app.consoleErrors()).toEqual([])
})

test('a request whose answer was lost is Uncertain, says why in plain words, and "Mark as sent" does not post it again', async ({
  app
}) => {
  const { page } = app
  await signInAndOpenFile(app)
  const draft: MarkedDraft = { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-07-06', end: '2026-07-07', notes: 'dropped-answer 1' }
  await draftAll(page, [draft], fillWeekdays)

  app.sandbox.faults.add({ kind: 'drop-after-commit', route: INSERT_ROUTE, times: 1 })
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Queued. It is being sent to payroll.' })).toBeVisible()

  // Payroll stored it, but the answer never came back: the clerk is asked, nothing is sent again.
  await expect(statusChip(page, 'Uncertain', 1)).toBeVisible()
  await expect(openRequest(page).getByText('Uncertain', { exact: true })).toBeVisible()
  await expect(openRequest(page).getByText(UNCERTAIN_NOTICE, { exact: false })).toBeVisible()
  const choices = uncertainChoices(page)
  await expect(choices).toContainText(UNCERTAIN_WHY)
  await expect(choices).toContainText('Leave Desk will not send it again by itself, because that could create a duplicate.')
  await expect(page.getByRole('list', { name: 'Attempts' })).toContainText('Sent, but no answer came back from payroll')
  await expect(choices.getByRole('button', { name: 'Send again' })).toBeEnabled()
  await expect(choices.getByRole('button', { name: 'Mark as sent' })).toBeEnabled()
  await expect(syncPanel(page)).toContainText('1 request may or may not have reached payroll — please check')
  expect(recordsOf(app, draft)).toHaveLength(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  await dismissToast(page)
  await choices.scrollIntoViewIfNeeded()
  await app.screenshot('sync-uncertain')

  await choices.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(openRequest(page).getByText('Synced', { exact: true })).toBeVisible()
  await expect(page.getByText('You marked this request as already in payroll.')).toBeVisible()
  await expect(statusChip(page, 'Synced', 1)).toBeVisible()
  await expect(statusChip(page, 'Uncertain', 0)).toBeVisible()
  await expect(syncPanel(page)).toContainText('Everything queued has been sent.')
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  expect(recordsOf(app, draft)).toHaveLength(1)
  expect(app.consoleErrors()).toEqual([])
})
