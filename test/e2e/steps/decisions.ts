import type { Page } from '@playwright/test'
import { expect, type LeaveDeskApp } from '../harness/fixtures'
import { employeeIdOf } from './sync'

/** Steps around the clerk's decisions and requests made in payroll itself. */

export const decisionDialog = (page: Page) => page.getByRole('dialog', { name: /^(Reject|Approve) / })

/** Someone makes a Pending request in payroll itself (its web screens): Leave Desk has never seen it. */
export async function madeInPayroll(
  app: LeaveDeskApp,
  request: { employee: string; start: string; end: string; notes: string; leaveType?: string; status?: 'Pending' | 'Approved' | 'Rejected'; days?: readonly string[] }
): Promise<number> {
  const leaveType = request.leaveType ?? 'Annual Leave'
  const annual = app.sandbox.store.payItems(app.demo.fileId).find((item) => item.Name === leaveType)
  if (!annual) throw new Error(`The demo file has no ${leaveType}.`)
  const made = await app.services.insertLeaveRequest(app.demo.fileId, {
    EmployeeId: employeeIdOf(app, request.employee),
    LeaveTypePayItemId: annual.Id,
    StartDate: request.start,
    EndDate: request.end,
    Status: request.status ?? 'Pending',
    Notes: request.notes,
    ...(request.days ? { Items: request.days.map((day) => ({ Date: day, Hours: 7.6 })) } : {})
  })
  if (!made.ok) throw new Error(`Making a request in payroll failed: ${made.error.message}`)
  return made.value.Id
}

/** Ctrl+Shift+O, the number, Enter: the request read from payroll opens. */
export async function openByNumber(page: Page, id: number): Promise<void> {
  await page.keyboard.press('Control+Shift+O')
  const dialog = page.getByRole('dialog', { name: 'Open a request from payroll' })
  await expect(dialog.getByLabel('Payroll request number')).toBeFocused()
  await page.keyboard.type(String(id))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Leave request' })).toContainText(`In payroll as request #${id}`)
}
