import type { Page } from '@playwright/test'
import { expect, test } from './harness/fixtures'
import { draftRequest, editor, row, signInAndOpenFile } from './steps/drafting'
import { statusChip } from './steps/sync'

/** The clerk finds a draft by whatever they remember of it: who, which leave, a note, the month. */

const rows = (page: Page) => page.getByRole('listbox', { name: 'Drafts' }).getByRole('option')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search drafts' })

test('search finds by employee, leave type, notes, dates and approval; the counts follow; a hidden draft closes', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-12-21', end: '2026-12-24', notes: 'Christmas' })
  await draftRequest(page, { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: '2026-03-09', end: '2026-03-10', notes: 'Dentist' })
  await draftRequest(page, { employee: 'Grace Lee', leaveType: 'Annual Leave', start: '2026-03-16', end: '2026-03-16' })
  await expect(rows(page)).toHaveCount(3)
  await expect(statusChip(page, 'All open', 3)).toBeVisible()

  const finds = async (search: string, names: RegExp[]) => {
    await searchBox(page).fill(search)
    await expect(rows(page)).toHaveCount(names.length)
    for (const name of names) await expect(row(page, name)).toBeVisible()
  }
  await finds('annual', [/Olivia Nguyen/, /Grace Lee/])
  // The numbers on the chips are what the search shows.
  await expect(statusChip(page, 'All open', 2)).toBeVisible()
  await expect(statusChip(page, 'Draft', 2)).toBeVisible()
  await finds('dec', [/Olivia Nguyen/])
  await expect(statusChip(page, 'All open', 1)).toBeVisible()
  await finds('annual mar', [/Grace Lee/])
  await finds('dentist', [/Jack Smith/])
  await finds('carer', [/Jack Smith/])
  // By approval, as the request shows it: all three are Pending, none is Approved yet.
  await finds('pending', [/Olivia Nguyen/, /Jack Smith/, /Grace Lee/])
  await finds('annual pending', [/Olivia Nguyen/, /Grace Lee/])
  await finds('approved', [])
  await finds('jack', [/Jack Smith/])

  // Jack is open; a search that hides him closes him.
  await row(page, /Jack Smith/).click()
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue('Jack Smith')
  await finds('annual', [/Olivia Nguyen/, /Grace Lee/])
  await expect(editor(page)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'No draft open' })).toBeVisible()

  // A write while the search is on moves the numbers on the chips without searching again.
  await row(page, /Grace Lee/).click()
  await page.keyboard.press('Delete')
  await expect(page.getByRole('status').filter({ hasText: 'Draft deleted.' })).toBeVisible()
  await expect(rows(page)).toHaveCount(1)
  await expect(statusChip(page, 'All open', 1)).toBeVisible()
  await expect(statusChip(page, 'Deleted', 1)).toBeVisible()

  await searchBox(page).fill('')
  await expect(rows(page)).toHaveCount(2)
  await expect(statusChip(page, 'All open', 2)).toBeVisible()
  expect(app.consoleErrors()).toEqual([])
})
