import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { DOCS_DIR } from './paths'

/** Names become file names (and README links): keep them plain. */
const SCREENSHOT_NAME = /^[a-z0-9][a-z0-9-]{0,80}$/

/**
 * Saves the page as `<name>.png` in the test's own output folder (test-results/<test>/) and answers that
 * path; with `docs`, also as docs/<name>.png, the copy the README shows — but only when
 * LEAVE_DESK_DOCS_SCREENSHOTS=1, so an ordinary test run never dirties the work tree with images that
 * differ only in a clock on screen.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string, options: { docs?: boolean } = {}): Promise<string> {
  if (!SCREENSHOT_NAME.test(name)) throw new Error(`Screenshot name "${name}" must be lower-case letters, digits and dashes.`)
  const file = testInfo.outputPath(`${name}.png`)
  // Still frames: a blinking caret or a running transition would make every docs image differ.
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
  if (options.docs && process.env.LEAVE_DESK_DOCS_SCREENSHOTS === '1') {
    await mkdir(DOCS_DIR, { recursive: true })
    await copyFile(file, path.join(DOCS_DIR, `${name}.png`))
  }
  return file
}
