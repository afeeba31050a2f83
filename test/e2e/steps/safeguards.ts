import type { Page } from '@playwright/test'
import { expect } from '../harness/fixtures'

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
