import { expect, test } from './harness/fixtures'
import { describedBy, draftRequest, draftsDatabaseName, editor, field, fillWeekdays, signInAndOpenFile } from './steps/drafting'
import { statusChip } from './steps/sync'

/** What the clerk reads: counted as a clerk counts, in their words, never payroll's field names or numbers. */

test('the span limit counts days as a clerk does: 1 Mar – 4 May is 65 days, at most 64', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-01', end: '2026-05-04' })
  const lastDay = field(page, 'Last day')
  await expect(lastDay).toHaveAttribute('aria-invalid', 'true')
  expect(await describedBy(lastDay)).toContain(
    'Leave can cover at most 64 calendar days, first and last day included (about 3 months); this one covers 65.'
  )
  await lastDay.fill('2026-05-03')
  await expect(lastDay).not.toHaveAttribute('aria-invalid', 'true')
})

test('an approved request without its days says so in plain words', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03', approval: 'Approved' })
  await page.keyboard.press('Control+Enter')
  await expect(editor(page)).toContainText('An approved request must come with its days')
  await expect(editor(page)).not.toContainText('Items')
})

test('"Saved as you type" only where the clerk types', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  await app.sandbox.faults.down()
  await draftRequest(page, { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await expect(page.getByText('Saved as you type', { exact: true })).toBeVisible()
  await fillWeekdays(page)
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('button', { name: 'Unqueue to edit' })).toBeVisible()
  await expect(page.getByText('Saved as you type', { exact: true })).toHaveCount(0)
})

test('payroll refusing an employee names the employee and says what to do, not "Contact 6099"', async ({ app }) => {
  const { page } = app
  await signInAndOpenFile(app)
  // Ava is in this computer's copy of the employees but no longer in payroll (removed since); the
  // employees list cannot be fetched just now, so the copy stays as it was.
  app.sandbox.faults.add({ kind: 'status', status: 500, route: 'GET /Payroll/Employees' })
  const dbName = await draftsDatabaseName(page)
  await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open(${JSON.stringify(dbName)})
    open.onsuccess = () => {
      const tx = open.result.transaction('employees', 'readwrite')
      tx.objectStore('employees').put({ fileId: ${app.demo.fileId}, id: 6099, firstName: 'Ava', lastName: 'Gone',
        displayName: 'Ava Gone', isActive: true, leaveBalances: [] })
      tx.oncomplete = () => { open.result.close(); resolve() }
      tx.onerror = () => reject(tx.error)
    }
    open.onerror = () => reject(open.error)
  })`)
  await app.reload()
  await expect(page.getByRole('button', { name: 'New draft' })).toBeVisible()
  await draftRequest(page, { employee: 'Ava Gone', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03' })
  await fillWeekdays(page)
  await page.keyboard.press('Control+Enter')
  await expect(statusChip(page, 'Needs attention', 1)).toBeVisible()
  await page.getByRole('button', { name: /^Needs attention/ }).click()
  await page.getByRole('option', { name: /Ava Gone/ }).click()

  const employee = editor(page).getByRole('combobox', { name: 'Employee' })
  await expect(employee).toHaveAttribute('aria-invalid', 'true')
  expect(await describedBy(employee)).toContain('Payroll does not know Ava Gone as an employee in this file.')
  await expect(editor(page)).toContainText('Choose the employee again')
  await expect(editor(page)).not.toContainText('6099')
  await expect(editor(page)).not.toContainText('Contact')
})
