import { expect, test } from './harness/fixtures'
import { deletedChip, deletedList } from './steps/queueCare'
import { draftRequest, editor, row, signInAndOpenFile } from './steps/drafting'

/** Ctrl+N and then elsewhere: no "No employee yet" line left behind, and nothing lost either. */

test('a draft never typed in goes to Deleted when the clerk leaves it; one typed in stays', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })

  // New draft, then straight back to Olivia without typing: the empty one is dropped.
  await page.keyboard.press('Control+n')
  await expect(row(page, /No employee yet/)).toHaveCount(1)
  await row(page, /Olivia Nguyen/).click()
  await expect(row(page, /No employee yet/)).toHaveCount(0)
  await expect(deletedChip(page, 1)).toBeVisible()

  // Twice in a row: only the one open remains.
  await page.keyboard.press('Control+n')
  await page.keyboard.press('Control+n')
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toBeFocused()
  await expect(row(page, /No employee yet/)).toHaveCount(1)
  await expect(deletedChip(page, 2)).toBeVisible()

  // Typed in, even only a note: kept when left.
  await editor(page).getByLabel('Notes', { exact: true }).fill('Ask Olivia about dates')
  await row(page, /Olivia Nguyen/).click()
  await expect(row(page, /No employee yet/)).toHaveCount(1)
  await expect(deletedChip(page, 2)).toBeVisible()

  // The dropped ones can still be restored.
  await deletedChip(page, 2).click()
  await expect(deletedList(page).getByRole('listitem')).toHaveCount(2)
  await deletedList(page).getByRole('button', { name: /Restore/ }).first().click()
  await expect(row(page, /No employee yet/)).toHaveCount(2)
  expect(app.consoleErrors()).toEqual([])
})
