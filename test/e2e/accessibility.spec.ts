import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test, type LeaveDeskApp } from './harness/fixtures'
import { fileButton } from './steps/drafting'

/** axe (WCAG 2 A/AA) on each screen a clerk sees, in the states that add the most to the page. */

async function signIn(app: LeaveDeskApp): Promise<void> {
  await app.page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await app.page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('the sign-in screen, both ways of signing in and a refused password', async ({ app }) => {
  const { page } = app
  await app.open()
  await expect(page.getByRole('tab', { name: 'User name and password' })).toHaveAttribute('aria-selected', 'true')
  await expectNoSeriousA11yViolations(page, 'the sign-in screen')

  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).not.toBeEmpty()
  await expectNoSeriousA11yViolations(page, 'the sign-in screen with an error')

  // Arrow keys move between the tabs, as in any tab strip.
  await page.getByRole('tab', { name: 'User name and password' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: /Access key/ })).toBeFocused()
  await expect(page.getByRole('tabpanel')).toContainText('Deprecated.')
  await expectNoSeriousA11yViolations(page, 'the access-key sign-in')
})

test('the file picker', async ({ app }) => {
  await app.open()
  await signIn(app)
  await expect(app.page.getByRole('heading', { name: 'Choose a file' })).toBeVisible()
  await expectNoSeriousA11yViolations(app.page, 'the file picker')
})

test('the drafts list and the editor, with messages on fields, suggestions open, read-only and help', async ({ app }) => {
  const { page } = app
  await app.open()
  await signIn(app)
  await fileButton(page, app.demo.fileId).click()
  await expect(page.getByText(/as of/)).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the empty drafts list')

  await page.getByRole('button', { name: 'New draft' }).click()
  const employee = page.getByRole('combobox', { name: 'Employee' })
  await expect(employee).toBeFocused()
  await employee.pressSequentially('ol')
  await expect(page.getByRole('listbox', { name: 'Matching employees' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the editor with employee suggestions open')

  await page.keyboard.press('Enter')
  await expect(employee).toHaveValue('Oliver Harris')
  // Who Oliver is in payroll (Payroll/Employees' pay group and employment type), beside his balances.
  await expect(page.getByText(/^Kitchen · Casual\. Leave balances/)).toBeVisible()
  // Tab order follows the form, top to bottom.
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Leave type')).toBeFocused()
  await page.getByLabel('Leave type').selectOption({ label: 'Annual Leave' })
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Approval')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('First day')).toBeFocused()
  await page.getByLabel('First day').fill('2026-03-10')
  await page.getByLabel('Last day').fill('2026-03-02')
  await page.getByRole('button', { name: /Add line/ }).click()
  await expect(page.getByLabel('Last day')).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousA11yViolations(page, 'the editor showing rule messages on its fields')

  await page.getByLabel('Last day').fill('2026-03-12')
  await page.getByRole('button', { name: 'Refill weekdays at 7.6 h' }).click()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('button', { name: 'Unqueue to edit' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'a queued (read-only) draft with its sending history')

  await page.getByRole('button', { name: 'Shortcuts' }).click()
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the keyboard shortcuts panel')
  expect(app.consoleErrors()).toEqual([])
})
