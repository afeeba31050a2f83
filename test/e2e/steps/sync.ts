import type { Page } from '@playwright/test'
import { expect, type LeaveDeskApp } from '../harness/fixtures'
import { draftRequest, type DraftInput } from './drafting'

/** Steps and checks around the sync queue: the header's panel, the status chips, and what payroll holds. */

export const INSERT_ROUTE = 'POST /Payroll/LeaveRequest'

/** A request the test drafts, with a notes marker that finds it again at the sandbox. */
export interface MarkedDraft extends DraftInput {
  notes: string
}

/**
 * Six requests for three employees, two each, marked `${marker} 1` to `${marker} 6` in their notes: a
 * batch of three lanes, each with a later request that must wait for the earlier one.
 */
export function sixRequestsOfThreeEmployees(marker: string): MarkedDraft[] {
  return [
    { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-03-02', end: '2026-03-03', notes: `${marker} 1` },
    { employee: 'Jack Smith', leaveType: 'Annual Leave', start: '2026-03-09', end: '2026-03-09', notes: `${marker} 2` },
    { employee: 'Charlotte Williams', leaveType: "Personal/Carer's Leave", start: '2026-03-16', end: '2026-03-17', notes: `${marker} 3` },
    { employee: 'Olivia Nguyen', leaveType: 'Annual Leave', start: '2026-04-07', end: '2026-04-08', notes: `${marker} 4` },
    { employee: 'Jack Smith', leaveType: 'Long Service Leave', start: '2026-04-13', end: '2026-04-17', notes: `${marker} 5` },
    { employee: 'Charlotte Williams', leaveType: 'Annual Leave', start: '2026-05-04', end: '2026-05-05', notes: `${marker} 6` }
  ]
}

export const syncPanel = (page: Page) => page.getByRole('region', { name: 'Sending to payroll' })
export const progressBar = (page: Page) => syncPanel(page).getByRole('progressbar', { name: 'Requests sent to payroll' })

/** The status filter's chip, e.g. "Synced 6": the list's own count of drafts in that state. */
export const statusChip = (page: Page, label: string, count: number) =>
  page.getByRole('group', { name: 'Show drafts by status' }).getByRole('button', { name: new RegExp(`^${label}\\s*${count}$`) })

/** The open request, read-only once queued: its status badge, its details and its sending history. */
export const openRequest = (page: Page) => page.getByRole('region', { name: 'Leave request' })

/** The choices on an uncertain request: why it is uncertain, "Send again" and "Mark as sent". */
export const uncertainChoices = (page: Page) => openRequest(page).getByRole('group', { name: 'Is it in payroll?' })

/** The number on a status chip, e.g. 4 for "Uncertain 4". */
export async function countOnChip(page: Page, label: string): Promise<number> {
  const chip = page.getByRole('group', { name: 'Show drafts by status' }).getByRole('button', { name: new RegExp(`^${label}\\s*\\d+$`) })
  return Number((await chip.locator('.filter-count').innerText()).trim())
}

/** Drafts each request, then `after` (e.g. fill weekdays) while it is open. */
export async function draftAll(page: Page, drafts: readonly DraftInput[], after?: (page: Page) => Promise<void>): Promise<void> {
  for (const draft of drafts) {
    await draftRequest(page, draft)
    if (after) await after(page)
  }
  // Every draft is in the list (the list reads the database, so they are saved).
  await expect(statusChip(page, 'Draft', drafts.length)).toBeVisible()
}

export async function queueAllReady(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: 'Queue all ready' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Queued ${count} draft${count === 1 ? '' : 's'}.` })).toBeVisible()
}

/** Closes the message bar, as a clerk who has read it would. */
export async function dismissToast(page: Page): Promise<void> {
  // A plain message may have closed by itself meanwhile (uiStore's MESSAGE_SHOWN_MS).
  const dismiss = page.getByRole('button', { name: 'Dismiss message' })
  if (await dismiss.count()) await dismiss.click()
  await expect(page.getByTestId('toast')).toHaveCount(0)
}

/** The sandbox's Id of the demo employee called `displayName` in the clerk's file. */
export function employeeIdOf(app: LeaveDeskApp, displayName: string): number {
  const employee = app.sandbox.store.employees(app.demo.fileId).find((e) => `${e.FirstName} ${e.LastName}` === displayName)
  if (!employee) throw new Error(`There is no employee "${displayName}" in file ${app.demo.fileId}.`)
  return employee.Id
}

/** Payroll's records of `draft`: same employee, same days (the calendar date written), same notes. */
export function recordsOf(app: LeaveDeskApp, draft: MarkedDraft) {
  const employeeId = employeeIdOf(app, draft.employee)
  return app.sandbox.store
    .leaveRequests(app.demo.fileId)
    .filter(
      (record) =>
        record.EmployeeId === employeeId &&
        record.StartDate.startsWith(draft.start) &&
        record.EndDate.startsWith(draft.end) &&
        record.Notes === draft.notes
    )
}

/** Payroll holds exactly one record of each draft, and none of anything else this test drafted. */
export function expectOneRecordEach(app: LeaveDeskApp, drafts: readonly MarkedDraft[], markerPrefix: string): void {
  const counts = drafts.map((draft) => ({ notes: draft.notes, records: recordsOf(app, draft).length }))
  expect(counts).toEqual(drafts.map((draft) => ({ notes: draft.notes, records: 1 })))
  const marked = app.sandbox.store.leaveRequests(app.demo.fileId).filter((record) => record.Notes?.startsWith(markerPrefix))
  expect(marked).toHaveLength(drafts.length)
}
