import type { Page } from '@playwright/test'
import { expect, test, type LeaveDeskApp } from './harness/fixtures'
import { draftRequest, editor, fillWeekdays, goOffline, signInAndOpenFile } from './steps/drafting'

/**
 * The minimum window (800×560) and 150 % zoom. Chromium's 150 % zoom of a 1280×800 window is a
 * 853×533 CSS-pixel page drawn at 1.5 device pixels per CSS pixel: that is what these set up, so the
 * layout is the one a zoomed window gets (CDP's page scale factor would only magnify, not re-lay out).
 */
const SIZES = [
  { name: 'minimum window 800×560', viewport: { width: 800, height: 560 }, deviceScaleFactor: 1, shot: 'small-window' },
  { name: '1280×800 at 150 % zoom', viewport: { width: Math.floor(1280 / 1.5), height: Math.floor(800 / 1.5) }, deviceScaleFactor: 1.5, shot: 'zoom-150' }
] as const

/**
 * Elements under `selector` whose text is cut: content wider or taller than a box that hides or scrolls
 * it (an ellipsis, a line clamp). Skips what is hidden, and what is visually hidden for screen readers
 * on purpose (1 px, clipped). Runs in the page (a string, as the e2e code has no DOM types).
 */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const cut = []
    for (const root of document.querySelectorAll(${JSON.stringify(selector)})) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (!(el instanceof HTMLElement) || el.offsetParent === null || el.clientWidth <= 1 || el.clientHeight <= 1) continue
        const style = getComputedStyle(el)
        if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') cut.push(el.className + ': ' + el.innerText)
        if (el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'visible') cut.push(el.className + ' (lines cut): ' + el.innerText)
      }
    }
    return cut
  })()`)
}

async function draftWithDays(app: LeaveDeskApp): Promise<void> {
  const { page } = app
  await signInAndOpenFile(app)
  // The one-time question about the file's public holidays, answered as a clerk does on their first day.
  const holidays = page.getByRole('button', { name: 'Use these holidays' })
  if (await holidays.isVisible()) await holidays.click()
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06', notes: 'Family visit' })
  await fillWeekdays(page)
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor })

    test('nothing cut or covered: sync status whole, editor roomy, every day reachable, messages above the footer', async ({ app }) => {
      const { page } = app
      await draftWithDays(app)
      await page.keyboard.press('Control+s') // a message in the bar
      await expect(page.getByTestId('toast')).toBeVisible()

      // The page itself never scrolls sideways.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(size.viewport.width)

      // The sync status and the connection say whole words.
      expect(await cutTexts(page, '.header-sync, .connectivity')).toEqual([])

      // The drafts pane's buttons stay inside it.
      const draftsPane = await page.locator('.drafts-pane').boundingBox()
      for (const name of ['New draft', 'Queue all ready']) {
        const button = await page.getByRole('button', { name }).boundingBox()
        expect((button?.x ?? 0) + (button?.width ?? 0), name).toBeLessThanOrEqual((draftsPane?.x ?? 0) + (draftsPane?.width ?? 0) - 4)
      }

      // The editor has room to work in.
      const pane = await page.locator('.editor-pane').boundingBox()
      expect(pane?.width ?? 0).toBeGreaterThanOrEqual(440)
      expect(pane?.height ?? 0).toBeGreaterThanOrEqual(330)

      // Every column of every day can be reached: scrolled to, it is on screen and not under anything.
      for (const control of [
        editor(page).getByRole('spinbutton', { name: 'Hours, line 5' }),
        editor(page).getByRole('checkbox', { name: 'Paid, line 5' }),
        editor(page).getByRole('button', { name: 'Remove line 5' })
      ]) {
        await control.scrollIntoViewIfNeeded()
        await expect(control).toBeInViewport({ ratio: 1 })
        await control.click({ trial: true }) // fails if something else would take the click
      }

      // The message bar leaves the editor's footer (Queue, Duplicate, Delete) uncovered.
      const queue = editor(page).getByRole('button', { name: /Queue for sending/ })
      await queue.scrollIntoViewIfNeeded()
      await expect(queue).toBeInViewport({ ratio: 1 })
      await queue.click({ trial: true })
      const footer = await page.locator('.editor-footer').boundingBox()
      const bar = await page.locator('.toast-region').boundingBox()
      expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + 1)

      await app.screenshot(size.shot, { docs: true })
      expect(app.consoleErrors()).toEqual([])
    })
  })
}

test.describe('the app’s own window, 1200×800', () => {
  test.use({ viewport: { width: 1200, height: 800 } })

  test('a long sync status beside every header tool is said whole', async ({ app }) => {
    const { page } = app
    await draftWithDays(app)
    await goOffline(app)
    await page.keyboard.press('Control+Enter')
    await expect(page.locator('.sync-status')).toContainText('waiting')

    expect(await cutTexts(page, '.header-sync, .connectivity, .brand')).toEqual([])
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1200)
    await app.screenshot('app-window')
    expect(app.consoleErrors()).toEqual([])
  })
})
