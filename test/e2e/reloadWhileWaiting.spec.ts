import type { Page } from '@playwright/test'
import { expect, test } from './harness/fixtures'
import { signInAndOpenFile } from './steps/drafting'
import { draftAll, INSERT_ROUTE, queueAllReady, recordsOf, statusChip, type MarkedDraft } from './steps/sync'

/**
 * The clerk reloads while requests wait in main for their turn at the API's rate. The reloaded page finds
 * them 'sending' and makes them Uncertain; main must then drop them, never send them later, and say so:
 * the reloaded queue hears that they never left and sends each again, once. Had main sent them later as
 * well, payroll would hold two of each.
 */

/** Slow enough that the requests behind the first one are surely still waiting when the clerk reloads. */
const SLOW_RATE = { requestsPerSecond: 0.2 }

test('a reload drops the requests still waiting for their turn; the queue hears they never left and sends each once', async ({ app }) => {
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
  await recordUncertainCounts(page)
  await app.reload()

  // Those that were waiting were dropped by main; the reloaded queue learns it and sends each again.
  await expect(statusChip(page, 'Synced', drafts.length)).toBeVisible({ timeout: 90_000 })
  await expect(statusChip(page, 'Uncertain', 0)).toBeVisible()
  // None was ever shown Uncertain after the reload: each was on its way or never sent, and said so from the start.
  const shown = await uncertainCountsShown(page)
  expect(shown).toContain('0')
  expect(shown).toEqual(expect.not.arrayContaining([expect.stringMatching(/^[1-9]/)]))

  // One record per draft: main never sent the dropped requests later as well.
  for (const draft of drafts) expect(recordsOf(app, draft), draft.notes).toHaveLength(1)
  expect(app.sandbox.stats.count(INSERT_ROUTE)).toBe(drafts.length)
  expect(app.consoleErrors()).toEqual([])
})

/** From the next page load on, every number the Uncertain chip shows is kept (in the page) in order. */
async function recordUncertainCounts(page: Page): Promise<void> {
  await page.addInitScript(`
    const shown = (globalThis.uncertainCountsShown = [])
    new MutationObserver(() => {
      const count = document.querySelector('.filter-uncertain .filter-count')?.textContent
      if (count && shown.at(-1) !== count) shown.push(count)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  `)
}

function uncertainCountsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { uncertainCountsShown: string[] }).uncertainCountsShown)
}
