import type { Page } from '@playwright/test'
import type { LeaveRequestUpdate } from '../../../shared/leaveRequestSchema'
import { expect, type LeaveDeskApp } from '../harness/fixtures'
import { draftRequest, fillWeekdays, signInAndOpenFile } from './drafting'
import { dismissToast, openRequest, recordsOf, statusChip, type MarkedDraft } from './sync'

/** Steps around requests already in payroll: get one there, change it behind the app's back, read what payroll holds. */

export const UPDATE_ROUTE = 'PUT /Payroll/LeaveRequest/{id}'

/** The open request's "Change this request in payroll" buttons (Refresh, Edit, Approve, Reject). */
export const payrollButtons = (page: Page) => openRequest(page).getByRole('group', { name: 'Change this request in payroll' })

/** The conflict view's table and its two choices. */
export const conflictTable = (page: Page) => page.getByRole('table', { name: 'Payroll’s version and yours, field by field' })
export const conflictChoices = (page: Page) => page.getByRole('group', { name: 'Which version to keep' })

/**
 * Drafts the request (with its weekdays unless `days: false`), queues it and waits until payroll has
 * it: it then opens as In payroll. Answers payroll's Id of it.
 */
export async function requestInPayroll(app: LeaveDeskApp, request: MarkedDraft, options: { days?: boolean } = {}): Promise<number> {
  const { page } = app
  await draftRequest(page, request)
  if (options.days !== false) await fillWeekdays(page)
  await page.keyboard.press('Control+Enter')
  await expect(openRequest(page).getByRole('heading', { name: 'Leave request in payroll' })).toBeVisible({ timeout: 30_000 })
  await dismissToast(page)
  const records = recordsOf(app, request)
  expect(records).toHaveLength(1)
  return records[0]!.Id
}

/** The file's one-time question about public holidays, answered as a clerk does on their first day. */
export async function answerHolidayQuestion(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Use these holidays' }).click()
  await expect(page.getByRole('button', { name: 'Use these holidays' })).toHaveCount(0)
}

/** Signed in, the file open and its holidays settled: where each test of requests in payroll starts. */
export async function openFileWithHolidays(app: LeaveDeskApp): Promise<Page> {
  await signInAndOpenFile(app)
  await answerHolidayQuestion(app.page)
  return app.page
}

/** Payroll's record now, by its Id. */
export function payrollRecord(app: LeaveDeskApp, id: number) {
  const record = app.sandbox.store.leaveRequests(app.demo.fileId).find((candidate) => candidate.Id === id)
  if (!record) throw new Error(`Payroll has no request #${id}.`)
  return record
}

/**
 * Someone else changes the request in payroll (another clerk, another program): a read-modify-write
 * through main's own services, so the app's pages never hear of it.
 */
export async function changeInPayroll(app: LeaveDeskApp, id: number, patch: Partial<LeaveRequestUpdate>): Promise<void> {
  const read = await app.services.getLeaveRequest(app.demo.fileId, id)
  if (!read.ok) throw new Error(`Reading request #${id} failed: ${read.error.message}`)
  const { EmployeeId, LeaveTypePayItemId, StartDate, EndDate, Status, Notes, Items, LastModifiedDateUtc } = read.value
  const body: LeaveRequestUpdate = {
    EmployeeId,
    LeaveTypePayItemId,
    StartDate,
    EndDate,
    Status,
    ...(Notes ? { Notes } : {}),
    Items: (Items ?? []).map(({ Date, Hours, IsPaid }) => ({ Date, Hours, ...(IsPaid === undefined ? {} : { IsPaid }) })),
    LastModifiedDateUtc,
    ...patch
  }
  const written = await app.services.putLeaveRequest(app.demo.fileId, id, body)
  if (!written.ok) throw new Error(`Changing request #${id} behind the app's back failed: ${written.error.message}`)
}

/** The chip of requests changed in payroll under a pending change. */
export const conflictChip = (page: Page, count: number) => statusChip(page, 'Changed in payroll', count)
