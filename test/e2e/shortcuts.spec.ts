import type { Page } from '@playwright/test'
import { expect, test } from './harness/fixtures'
import { draftRequest, editor, field, row, signInAndOpenFile } from './steps/drafting'

/**
 * Every shortcut the help panel lists, pressed from every place it is listed for: read from the panel
 * itself, so a row added to the help without working everywhere fails here. The places: the drafts list
 * with a row selected, a button, and — unless the help says "Outside text fields" — the notes field,
 * the employee box and the search box.
 */

type Place = 'the drafts list' | 'a button' | 'the notes field' | 'the employee box' | 'the search box'
const EVERYWHERE: readonly Place[] = ['the drafts list', 'a button', 'the notes field', 'the employee box', 'the search box']
const OUTSIDE_FIELDS: readonly Place[] = ['the drafts list', 'a button']

const list = (page: Page) => page.getByRole('listbox', { name: 'Drafts' })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: /^Search/ })
const employeeBox = (page: Page) => editor(page).getByRole('combobox', { name: 'Employee' })
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text })

/** Olivia's draft open and selected, no message on screen, the keyboard at `place`. */
async function stand(page: Page, place: Place): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss message' })
  if (await dismiss.count()) await dismiss.click()
  await row(page, /Olivia Nguyen/).click()
  await expect(employeeBox(page)).toHaveValue('Olivia Nguyen')
  if (place === 'the drafts list') await expect(list(page)).toBeFocused()
  if (place === 'a button') await editor(page).getByRole('button', { name: 'Duplicate' }).focus()
  if (place === 'the notes field') await field(page, 'Notes').focus()
  if (place === 'the employee box') await employeeBox(page).focus()
  if (place === 'the search box') await searchBox(page).focus()
}

/** Deletes the draft the editor shows now (a new one or a copy), so the next press starts from the same list. */
async function deleteOpenDraft(page: Page): Promise<void> {
  await editor(page).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Draft deleted.')).toBeVisible()
}

/** What each row of the help does, as the clerk sees it; `keys` as the help writes them. */
const EFFECTS: Record<string, { press: string[]; check(page: Page): Promise<void> }> = {
  'Ctrl+N': {
    press: ['Control+n'],
    async check(page) {
      await expect(employeeBox(page)).toBeFocused()
      await expect(employeeBox(page)).toHaveValue('')
      await deleteOpenDraft(page)
    }
  },
  'Ctrl+D': {
    press: ['Control+d'],
    async check(page) {
      await expect(toast(page, 'Duplicated. You are now editing the copy.')).toBeVisible()
      await deleteOpenDraft(page)
    }
  },
  'Ctrl+Enter': {
    press: ['Control+Enter'],
    check: (page) => expect(page.getByRole('alert')).toHaveText(/fields? needs? fixing first\./)
  },
  'Ctrl+Shift+Enter': {
    press: ['Control+Shift+Enter'],
    check: (page) => expect(toast(page, /^No drafts queued\. 2 need fixing first/)).toBeVisible()
  },
  'Ctrl+F': {
    press: ['Control+f'],
    check: (page) => expect(searchBox(page)).toBeFocused()
  },
  Delete: {
    press: ['Delete'],
    async check(page) {
      await expect(toast(page, 'Draft deleted.')).toBeVisible()
      await expect(row(page, /Olivia Nguyen/)).toHaveCount(0)
      await page.getByRole('button', { name: 'Undo' }).click()
      await expect(row(page, /Olivia Nguyen/)).toHaveCount(1)
    }
  },
  'Ctrl+Z': {
    // Something to undo first: the Delete button, then the keys from the place.
    press: ['Control+z'],
    async check(page) {
      await expect(toast(page, 'Draft restored.')).toBeVisible()
      await expect(row(page, /Olivia Nguyen/)).toHaveAttribute('aria-selected', 'true')
    }
  },
  'Ctrl+S': {
    press: ['Control+s'],
    check: (page) => expect(toast(page, /^Nothing to save/)).toBeVisible()
  },
  'Ctrl+,': {
    press: ['Control+,'],
    async check(page) {
      const settings = page.getByRole('dialog', { name: 'Settings' })
      await expect(settings).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(settings).toBeHidden()
    }
  },
  // The keys of a request already in payroll, pressed on a draft payroll does not have: they say so and
  // change nothing (inPayroll.spec.ts presses them on requests in payroll).
  F5: { press: ['F5'], check: (page) => notInPayrollYet(page) },
  E: { press: ['e'], check: (page) => notInPayrollYet(page) },
  A: { press: ['a'], check: (page) => notInPayrollYet(page) },
  R: { press: ['r'], check: (page) => notInPayrollYet(page) },
  'Ctrl+Shift+O': {
    press: ['Control+Shift+O'],
    async check(page) {
      const dialog = page.getByRole('dialog', { name: 'Open a request from payroll' })
      await expect(dialog.getByLabel('Payroll request number')).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
  },
  '?': { press: ['Shift+?'], check: (page) => helpOpensAndCloses(page) },
  F1: { press: ['F1'], check: (page) => helpOpensAndCloses(page) }
}

async function notInPayrollYet(page: Page): Promise<void> {
  await expect(toast(page, /^This request is not in payroll yet/)).toBeVisible()
  await expect(row(page, /Olivia Nguyen/)).toContainText('Draft')
}

async function helpOpensAndCloses(page: Page): Promise<void> {
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
}

test('every shortcut in the help works from every place the help lists it for', async ({ app }) => {
  test.setTimeout(240_000) // some thirty presses, each checked on screen
  const { page } = app
  await signInAndOpenFile(app)
  // Two drafts with something to fix, so queueing is refused and changes nothing between presses.
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-06' })
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-01' })
  await field(page, 'Notes').fill('Family visit')

  await page.getByRole('button', { name: 'Shortcuts' }).click()
  const helpRows = page.getByRole('dialog', { name: 'Keyboard shortcuts' }).locator('tbody tr')
  const listed: { keys: string; where: string }[] = []
  for (const helpRow of await helpRows.all()) {
    const [keys = '', , where = ''] = (await helpRow.locator('td').allTextContents()).map((text) => text.trim())
    listed.push({ keys, where })
  }
  await page.keyboard.press('Escape')
  // The list keys and Esc have a place of their own: the next test.
  const shortcuts = listed.filter((entry) => entry.where === 'Anywhere' || entry.where === 'Outside text fields')
  expect(shortcuts.map((entry) => entry.keys).sort()).toEqual(Object.keys(EFFECTS).sort())

  const tried: string[] = []
  for (const { keys, where } of shortcuts) {
    const effect = EFFECTS[keys]
    if (!effect) throw new Error(`The help lists ${keys} but this test does not know what it should do.`)
    const places = where === 'Anywhere' ? EVERYWHERE : OUTSIDE_FIELDS
    for (const place of places) {
      for (const press of effect.press) {
        await test.step(`${press} from ${place}`, async () => {
          if (keys === 'Ctrl+Z') {
            await stand(page, 'the drafts list')
            await editor(page).getByRole('button', { name: 'Delete' }).click()
            await expect(row(page, /Olivia Nguyen/)).toHaveCount(0)
            if (place === 'a button') await page.getByRole('button', { name: 'Shortcuts' }).focus()
            else await list(page).focus()
          } else {
            await stand(page, place)
          }
          await page.keyboard.press(press)
          await effect.check(page)
          tried.push(`${press} @ ${place}`)
        })
      }
    }
  }
  expect(tried.length).toBeGreaterThanOrEqual(30)
  expect(app.consoleErrors()).toEqual([])
})

test('the list keys the help lists: arrows move, plain Enter goes to the editor, Esc clears the search', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-10' })
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })

  await row(page, /Olivia Nguyen/).click()
  await page.keyboard.press('ArrowDown')
  await expect(row(page, /Jack Smith/)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(row(page, /Olivia Nguyen/)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('End')
  await expect(row(page, /Jack Smith/)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(employeeBox(page)).toBeFocused()
  await expect(employeeBox(page)).toHaveValue('Jack Smith')

  await searchBox(page).fill('oliv')
  await expect(list(page).getByRole('option')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(searchBox(page)).toHaveValue('')
  await expect(list(page).getByRole('option')).toHaveCount(2)
})
