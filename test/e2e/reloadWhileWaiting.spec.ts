import { expect, test } from './harness/fixtures'
import { draftRequest, signInAndOpenFile } from './steps/drafting'
import { countOnChip, draftAll, INSERT_ROUTE, queueAllReady, recordsOf, statusChip, type MarkedDraft } from './steps/sync'

/**
 * The clerk reloads while requests wait in main for their turn at the API's rate. The reloaded page finds
 * them 'sending' and makes them Uncertain; main must then drop them, never send them later: a clerk who
 * checks payroll, finds nothing and presses "Send again" would otherwise get a duplicate.
 */

/** Slow enough that the requests behind the first one are surely still waiting when the clerk reloads. */
const SLOW_RATE = { requestsPerSecond: 0.2 }

test('a reload drops the requests still waiting for their turn: payroll never gets them later', async ({ app }) => {
  test.setTimeout(120_000)
  const { page } = app
  await signInAndOpenFile(app)
  const drafts: MarkedDraft[] = ['Olivia Nguyen', 'Jack Smith', 'Charlotte Williams', 'Noah Brown', 'Amelia Jones'].map((employee, i) => ({
    employee,
    leaveType: 'Annual Leave',
    start: `2026-07-0${i + 1}`,
    end: `2026-07-0${i + 1}`,
    notes: `waiting-batch ${i + 1}`
  }))
  await draftAll(page, drafts)
  // As if the clerk had set the live pace down further (a fresh pace: the first request goes at once).
  expect(await app.services.updateSettings(SLOW_RATE)).toMatchObject({ ok: true })

  await queueAllReady(page, drafts.length)
  await expect.poll(() => app.sandbox.stats.count(INSERT_ROUTE)).toBe(1)
  await app.reload()

  // Those that were waiting are Uncertain now; the first one was answered before the reload, or is uncertain too.
  await expect(statusChip(page, 'Sending', 0)).toBeVisible({ timeout: 30_000 })
  expect((await countOnChip(page, 'Uncertain')) + (await countOnChip(page, 'Synced'))).toBe(drafts.length)
  expect(await countOnChip(page, 'Uncertain')).toBeGreaterThanOrEqual(drafts.length - 1)

  // The reloaded page queues one more. Main serves its line in order: had the old requests stayed in it,
  // they would reach payroll before this one does.
  const after: MarkedDraft = { employee: 'Isla Wilson', leaveType: 'Annual Leave', start: '2026-07-08', end: '2026-07-08', notes: 'after the reload' }
  await draftRequest(page, after)
  await queueAllReady(page, 1)
  await expect.poll(() => recordsOf(app, after).length, { timeout: 30_000 }).toBe(1)

  expect(drafts.map((draft) => recordsOf(app, draft).length).reduce((sum, n) => sum + n, 0)).toBe(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(2)
  expect(app.consoleErrors()).toEqual([])
})
