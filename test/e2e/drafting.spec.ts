import type { Page } from '@playwright/test'
import { expect, test } from './harness/fixtures'
import {
  describedBy,
  draftsDatabaseName,
  draftRequest,
  editor,
  field,
  fillRequest,
  fillWeekdays,
  goOffline,
  row,
  signInAndOpenFile,
  type DraftInput as Request
} from './steps/drafting'

/**
 * A payroll clerk's day in the renderer: sign in, open a file, lose the network, draft leave requests
 * from the cached employees and leave types, reload, and find everything as it was.
 */

async function expectDraft(page: Page, expected: Request & { lines: number; total: string }): Promise<void> {
  await row(page, expected.employee).click()
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue(expected.employee)
  await expect(field(page, 'Leave type').locator('option:checked')).toHaveText(expected.leaveType)
  await expect(field(page, 'First day')).toHaveValue(expected.start)
  await expect(field(page, 'Last day')).toHaveValue(expected.end)
  await expect(field(page, 'Approval')).toHaveValue(expected.approval ?? 'Pending')
  await expect(field(page, 'Notes')).toHaveValue(expected.notes ?? '')
  await expect(editor(page).getByRole('spinbutton', { name: /^Hours, line/ })).toHaveCount(expected.lines)
  await expect(editor(page).getByTestId('total-hours')).toHaveText(expected.total)
}

test('drafts five requests offline from cached reference data, and a reload keeps every one', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await expect(page.getByTestId('connectivity')).toContainText('Online')

  // The clerk asks for fresh data: it fails, says so in plain words, and the cached copy stays in use.
  await goOffline(app)

  // 1. Olivia has only 7.6 h of annual leave: a warning, not a block.
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06', approval: 'Approved', notes: 'Family visit' })
  await fillWeekdays(page)
  // Over the balance: said once, in the projected balance (a warning, never a block).
  const projected = editor(page).getByTestId('projected-balance')
  await expect(projected).toContainText('(balance 7.6 h')
  await expect(projected).toContainText('That is below zero: you can still queue it if payroll allows leave in advance.')

  // 2. Two days, the second only a half day.
  await draftRequest(page, { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: '2026-03-09', end: '2026-03-10' })
  await fillWeekdays(page)
  await editor(page).getByRole('spinbutton', { name: 'Hours, line 2' }).fill('4')

  // 3. The last day typed before the first: the rule shows on that field; the clerk fixes it.
  await draftRequest(page, { employee: 'Charlotte Williams', leaveType: 'Long Service Leave', start: '2026-04-13', end: '2026-04-03' })
  const lastDay = field(page, 'Last day')
  await expect(lastDay).toHaveAttribute('aria-invalid', 'true')
  expect(await describedBy(lastDay)).toContain('End date must be on or after the start date.')
  await lastDay.fill('2026-04-17')
  await expect(lastDay).not.toHaveAttribute('aria-invalid', 'true')
  await fillWeekdays(page)

  // 4. Unpaid leave, rejected: both lines unpaid.
  await draftRequest(page, { employee: 'Noah Brown', leaveType: 'Unpaid Leave', start: '2026-05-04', end: '2026-05-05', approval: 'Rejected', notes: 'Peak period' })
  await fillWeekdays(page)
  await editor(page).getByRole('checkbox', { name: 'Paid, line 1' }).uncheck()
  await editor(page).getByRole('checkbox', { name: 'Paid, line 2' }).uncheck()

  // 5. Filled, then a line added at the end and the first removed.
  await draftRequest(page, { employee: 'Amelia Jones', leaveType: 'Compassionate Leave', start: '2026-06-01', end: '2026-06-03' })
  await fillWeekdays(page)
  await editor(page).getByRole('button', { name: 'Add line' }).click()
  await editor(page).getByRole('button', { name: 'Remove line 1' }).click()
  await field(page, 'Last day').fill('2026-06-04')

  const expected = [
    { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-06', approval: 'Approved', notes: 'Family visit', lines: 5, total: '38 h' },
    { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: '2026-03-09', end: '2026-03-10', lines: 2, total: '11.6 h' },
    { employee: 'Charlotte Williams', leaveType: 'Long Service Leave', start: '2026-04-13', end: '2026-04-17', lines: 5, total: '38 h' },
    { employee: 'Noah Brown', leaveType: 'Unpaid Leave', start: '2026-05-04', end: '2026-05-05', approval: 'Rejected', notes: 'Peak period', lines: 2, total: '15.2 h' },
    { employee: 'Amelia Jones', leaveType: 'Compassionate Leave', start: '2026-06-01', end: '2026-06-04', lines: 3, total: '22.8 h' }
  ] as const
  // The list is read from the database, so once every row shows its last change, everything is saved.
  await expect(row(page, /Amelia Jones.*1 – 4 Jun 2026.*22\.8 h/)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Draft\s*5$/ })).toBeVisible()

  await app.reload()
  await expect(page.getByTestId('connectivity')).toContainText('Offline')
  await expect(page.getByRole('listbox', { name: 'Drafts' }).getByRole('option')).toHaveCount(5)
  await app.screenshot('drafts-list', { docs: true })

  const paid = (line: number) => editor(page).getByRole('checkbox', { name: `Paid, line ${line}` })
  for (const draft of expected) await expectDraft(page, draft)
  await expect(paid(1)).toBeChecked() // Amelia's lines stayed paid…
  await expectDraft(page, expected[3])
  await expect(paid(1)).not.toBeChecked() // …and Noah's stayed unpaid.
  await expect(paid(2)).not.toBeChecked()

  await expectDraft(page, expected[0])
  await app.screenshot('draft-editor', { docs: true })
  expect(app.consoleErrors()).toEqual([])
})

test('the keyboard queues: a refusal points at the first field to fix, and "Queue all ready" says what it did', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await goOffline(app)

  await page.keyboard.press('Control+n')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('alert')).toHaveText(/4 fields need fixing first\./)
  const employee = editor(page).getByRole('combobox', { name: 'Employee' })
  await expect(employee).toBeFocused()
  expect(await describedBy(employee)).toContain('Choose an employee.')
  await expect(field(page, 'Leave type')).toHaveAttribute('aria-invalid', 'true')

  await fillRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Queued. It will be sent when payroll can be reached.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unqueue to edit' })).toBeVisible()
  await expect(page.locator('#draft-editor')).toHaveCount(0) // read-only now

  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-09' })
  await draftRequest(page, { employee: 'Grace Lee', leaveType: 'Annual Leave', start: '2026-03-16', end: '2026-03-13' })
  await page.keyboard.press('Control+Shift+Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Queued 1 draft. 1 needs fixing first; it is open.' })).toBeVisible()
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue('Grace Lee')
  await expect(field(page, 'Last day')).toBeFocused()
  await expect(page.getByRole('button', { name: /^Queued\s*2$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Draft\s*1$/ })).toBeVisible()

  await row(page, 'Olivia Nguyen').click()
  await page.getByRole('button', { name: 'Unqueue to edit' }).click()
  await expect(field(page, 'First day')).toBeEditable()
  await expect(page.getByRole('button', { name: /^Queued\s*1$/ })).toBeVisible()
  expect(app.consoleErrors()).toEqual([])
})

test('Delete, Undo, Duplicate, search and the shortcuts panel all work from the keyboard', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await draftRequest(page, { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-10' })
  const list = page.getByRole('listbox', { name: 'Drafts' })

  await row(page, 'Jack Smith').click()
  await expect(list).toBeFocused()
  await page.keyboard.press('Delete')
  await expect(page.getByRole('status').filter({ hasText: 'Draft deleted.' })).toBeVisible()
  await expect(row(page, 'Jack Smith')).toHaveCount(0)
  await page.keyboard.press('Control+z')
  await expect(row(page, 'Jack Smith')).toHaveAttribute('aria-selected', 'true')
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue('Jack Smith')

  await page.keyboard.press('Control+d')
  await expect(row(page, 'Jack Smith')).toHaveCount(2)
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toBeFocused()

  await list.focus()
  await page.keyboard.press('End')
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue('Olivia Nguyen')
  await page.keyboard.press('Home')
  await expect(editor(page).getByRole('combobox', { name: 'Employee' })).toHaveValue('Jack Smith')

  await page.keyboard.press('Control+f')
  const search = page.getByRole('searchbox', { name: 'Search drafts' })
  await expect(search).toBeFocused()
  await page.keyboard.type('oliv')
  await expect(list.getByRole('option')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(list.getByRole('option')).toHaveCount(3)

  await list.focus()
  await page.keyboard.press('Shift+?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await expect(help.getByRole('row', { name: /Ctrl \+ Shift \+ Enter|Ctrl\+Shift\+Enter/ })).toContainText('Queue every draft that is ready')
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
  await page.getByRole('button', { name: 'Shortcuts' }).click()
  await expect(help).toBeVisible()
  await help.getByRole('button', { name: 'Close' }).click()
  await expect(help).toBeHidden()
  expect(app.consoleErrors()).toEqual([])
})

/** Writes `count` drafts straight into the app's IndexedDB, as months of offline work would leave them (schema v4 rows). */
const seedDrafts = (dbName: string, fileId: number, count: number) => `new Promise((resolve, reject) => {
  const open = indexedDB.open(${JSON.stringify(dbName)})
  open.onerror = () => reject(open.error)
  open.onsuccess = () => {
    const db = open.result
    const tx = db.transaction('drafts', 'readwrite')
    const store = tx.objectStore('drafts')
    for (let i = 1; i <= ${count}; i += 1) {
      const day = String(1 + (i % 28)).padStart(2, '0')
      store.put({
        id: 'seeded-' + i, fileId: ${fileId}, seq: 100000 + i, status: 'draft', attempts: 0,
        createdAt: i, updatedAt: i, employeeId: 5001 + (i % 24), leaveTypePayItemId: 101,
        startDate: '2026-02-' + day, endDate: '2026-02-' + day, leaveStatus: 'Pending', notes: 'Seeded ' + i,
        items: [{ date: '2026-02-' + day, hours: 7.6, isPaid: true }],
        // What the app's database derives on every write (renderer/src/db/draftSearchFields.ts), for its indexes.
        words: ['seeded', String(i)], shelf: 'open'
      })
    }
    tx.oncomplete = () => { db.close(); resolve() }
    tx.onerror = () => reject(tx.error)
  }
})`

test('ten thousand drafts: the list keeps only a screenful of rows in the page and still reaches every one', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await page.evaluate(seedDrafts(await draftsDatabaseName(page), app.demo.fileId, 10_000))
  await app.reload()

  const list = page.getByRole('listbox', { name: 'Drafts' })
  await expect(page.getByRole('button', { name: /^All open\s*10000$/ })).toBeVisible()
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-setsize', '10000')
  expect(await list.getByRole('option').count()).toBeLessThan(40)

  await list.focus()
  await page.keyboard.press('End')
  await expect(list.getByRole('option', { selected: true })).toHaveAttribute('aria-posinset', '10000')
  await expect(field(page, 'Notes')).toHaveValue('Seeded 1')
  await page.keyboard.press('ArrowUp')
  await expect(field(page, 'Notes')).toHaveValue('Seeded 2')
  expect(await list.getByRole('option').count()).toBeLessThan(40)
  expect(app.consoleErrors()).toEqual([])
})

test('signed out and offline, the clerk can still draft in the file they worked in last', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await app.sandbox.faults.down()
  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Could not reach the payroll service')

  await page.getByRole('button', { name: `Work offline in file ${app.demo.fileId}` }).click()
  await expect(page.getByTestId('connectivity')).toContainText('Signed out')
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await expect(row(page, /Olivia Nguyen.*2 – 3 Mar 2026/)).toBeVisible()
  expect(app.consoleErrors()).toEqual([])
})

test('when the drafts storage cannot be opened, the clerk reads why and what to do, not a blank window', async ({ app }) => {
  await app.page.addInitScript(`Object.defineProperty(window, 'indexedDB', { get() { return {
    open() { throw new DOMException('The disk is full.', 'QuotaExceededError') } } } })`)
  await app.open()
  await expect(app.page.getByRole('heading', { name: 'This computer has run out of space for Leave Desk' })).toBeVisible()
  await expect(app.page.getByText(/Nothing has been deleted/)).toBeVisible()
  await expect(app.page.getByRole('button', { name: 'Try again' })).toBeVisible()
})
