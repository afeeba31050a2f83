import type { Locator, Page } from '@playwright/test'
import { expect, type LeaveDeskApp } from '../harness/fixtures'

/** The clerk's drafting steps, shared by the specs: sign in, open a file, draft through the editor, go offline. */

export interface DraftInput {
  employee: string
  leaveType: string
  start: string
  end: string
  approval?: 'Pending' | 'Approved' | 'Rejected'
  notes?: string
}

export const editor = (page: Page) => page.locator('#draft-editor')
export const field = (page: Page, label: string) => editor(page).getByLabel(label, { exact: true })
export const row = (page: Page, name: string | RegExp) =>
  page.getByRole('listbox', { name: 'Drafts' }).getByRole('option', { name })

export async function signInAndOpenFile(app: LeaveDeskApp): Promise<void> {
  const { page } = app
  await app.open()
  await page.getByRole('textbox', { name: 'User name' }).fill(app.demo.username)
  await page.getByRole('textbox', { name: 'Password' }).fill(app.demo.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await fileButton(page, app.demo.fileId).click()
  await expect(page.getByText(/Employees, balances and leave types as of/)).toBeVisible()
}

/** The file picker's button for a file: "Harbour Cafe Pty Ltd (1001)", or "File 1001" while its name is unknown. */
export const fileButton = (page: Page, fileId: number) =>
  page.getByRole('button', { name: new RegExp(`^(File ${fileId}|.+ \\(${fileId}\\))$`) })

/** Ctrl+N, then the fields in the order a clerk fills them. */
export async function draftRequest(page: Page, request: DraftInput): Promise<void> {
  await page.keyboard.press('Control+n')
  await fillRequest(page, request)
}

export async function fillRequest(page: Page, request: DraftInput): Promise<void> {
  const employee = editor(page).getByRole('combobox', { name: 'Employee' })
  await expect(employee).toBeFocused()
  await employee.pressSequentially(request.employee.split(' ')[0] ?? '')
  await editor(page).getByRole('option', { name: new RegExp(`^${request.employee}`) }).click()
  await field(page, 'Leave type').selectOption({ label: request.leaveType })
  await field(page, 'First day').fill(request.start)
  await field(page, 'Last day').fill(request.end)
  if (request.approval) await field(page, 'Approval').selectOption(request.approval)
  if (request.notes) await field(page, 'Notes').fill(request.notes)
}

/** Payroll goes away; the clerk's "Update now" finds out, and the app says Offline. */
export async function goOffline(app: LeaveDeskApp): Promise<void> {
  await app.sandbox.faults.down()
  await app.page.getByRole('button', { name: 'Update now' }).click()
  await expect(app.page.getByText(/^Update failed\./)).toBeVisible()
  await expect(app.page.getByTestId('connectivity')).toContainText('Offline')
}

export async function fillWeekdays(page: Page): Promise<void> {
  await editor(page).getByRole('button', { name: /Fill weekdays at 7.6 h/ }).click()
}

/** The message a control points to with aria-describedby. */
export async function describedBy(control: Locator): Promise<string> {
  const ids = (await control.getAttribute('aria-describedby')) ?? ''
  const texts = await Promise.all(ids.split(' ').filter(Boolean).map((id) => control.page().locator(`#${id}`).innerText()))
  return texts.join(' ')
}

/**
 * The name of the drafts database the page has open: one per payroll address ('leave-desk' for the
 * first, 'leave-desk-…' for others), so a test that writes into it directly asks the page which it is.
 */
export async function draftsDatabaseName(page: Page): Promise<string> {
  const names = (await page.evaluate(`indexedDB.databases().then((dbs) => dbs.map((db) => db.name))`)) as string[]
  const ours = names.filter((name) => name.startsWith('leave-desk'))
  const name = ours.find((candidate) => candidate !== 'leave-desk') ?? ours[0]
  if (!name) throw new Error(`The page has no drafts database open (databases: ${names.join(', ') || 'none'}).`)
  return name
}
