import type { Page } from '@playwright/test'
import { expect, type LeaveDeskApp } from '../harness/fixtures'
import { goOffline, signInAndOpenFile } from './drafting'

/** The safeguards' steps: choose the file's holiday region once, queue with Ctrl+Enter. */

export async function chooseHolidayRegion(page: Page, label: string): Promise<void> {
  const prompt = page.getByRole('region', { name: 'Public holidays for this file' })
  await prompt.getByRole('combobox').selectOption({ label })
  await prompt.getByRole('button', { name: 'Use these holidays' }).click()
  await expect(prompt).toBeHidden()
}

export async function queueOpenDraft(page: Page): Promise<void> {
  await page.keyboard.press('Control+Enter')
}

/** Signed in, in the demo file, with New South Wales holidays; offline when queued requests must stay queued. */
export async function openFileInNsw(app: LeaveDeskApp, options: { offline?: boolean } = {}): Promise<void> {
  await signInAndOpenFile(app)
  await chooseHolidayRegion(app.page, 'New South Wales, Australia')
  if (options.offline) await goOffline(app)
}
