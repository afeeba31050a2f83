import type { Page } from '@playwright/test'
import { expect, type LeaveDeskApp } from '../harness/fixtures'
import { fileButton } from './drafting'

/** Steps around the payroll the app talks to: the welcome step, the settings dialog, the practice band. */

export const PRACTICE_BAND = 'Practice payroll — nothing here reaches your real payroll'

export const practiceBand = (page: Page) => page.getByRole('note', { name: 'Practice payroll' })
export const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' })

/** Signs in with the demo account (Practice and the test's payroll both know it) and opens its first file. */
export async function signInToFile(app: LeaveDeskApp): Promise<void> {
  const { page } = app
  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await fileButton(page, app.demo.fileId).click()
  await expect(page.getByText(/Employees, balances and leave types as of/)).toBeVisible()
}

/**
 * Ctrl+, then the payroll choice, then Save; the app reloads on the new payroll's drafts, and this waits
 * for that new page (so nothing the test does next lands on the old one). With `asks`, requests are on
 * their way and the app asks first: no reload yet.
 */
export async function switchPayrollTo(page: Page, target: { address: string } | 'practice', options: { asks?: boolean } = {}): Promise<void> {
  await page.keyboard.press('Control+,')
  const dialog = settingsDialog(page)
  await expect(dialog).toBeVisible()
  if (target === 'practice') {
    await dialog.getByRole('radio', { name: /^Practice payroll/ }).check()
  } else {
    await dialog.getByRole('radio', { name: 'Your payroll' }).check()
    await dialog.getByRole('textbox', { name: 'Payroll address' }).fill(target.address)
  }
  const save = dialog.getByRole('button', { name: 'Save', exact: true })
  if (options.asks) await save.click()
  else await Promise.all([page.waitForEvent('load'), save.click()])
}
