import { describe, expect, it } from 'vitest'
import { EMPLOYEES_FORBIDDEN_MESSAGE } from '../../main/api/apiClient'
import { DEMO_CREDENTIALS } from '../../main/sandbox'
import { refreshReferenceData } from '../../renderer/src/reference/refreshReferenceData'
import { closedAfterEach } from '../../main/testSupport/closedAfterEach'
import { startMainStack } from './testSupport/mainStack'

/**
 * Who the employees are comes from payroll's Employees list only. A payroll user without access to
 * payroll is refused it (403): the clerk reads why in plain words, the list on this computer is kept as
 * it was, and nothing is made up from the contacts.
 */
const startStack = closedAfterEach((_: void) => startMainStack())

describe('the employee list refused to a user without payroll rights', () => {
  it('says so plainly, keeps the cached list, and never falls back to the contacts', async () => {
    const stack = await startStack(undefined)
    const { username, password } = DEMO_CREDENTIALS.accounts
    expect((await stack.session.signInWithPassword(username, password)).ok).toBe(true)

    const listed = await stack.services.listEmployees(1001)
    expect(listed).toMatchObject({ ok: false, error: { code: 'forbidden', message: EMPLOYEES_FORBIDDEN_MESSAGE } })

    const replaced: string[] = []
    const outcome = await refreshReferenceData(
      { listEntitlements: stack.services.listEntitlements, listEmployees: stack.services.listEmployees },
      { replaceLeaveTypes: async () => void replaced.push('leave types'), replaceEmployees: async () => void replaced.push('employees') },
      1001
    )
    // The leave types are payroll's too, so both are refused; whichever message is shown, nothing is replaced.
    expect(outcome).toEqual({ ok: false, message: expect.any(String) })
    expect(replaced).toEqual([])
    expect(stack.sandbox.stats.count('GET /Contacts')).toBe(0)
  })

  it('the same user with payroll rights (the clerk) gets every employee, with pay group and employment type', async () => {
    const stack = await startStack(undefined)
    await stack.signIn()
    const listed = await stack.services.listEmployees(1001, { leaveBalanceAsAt: '2026-03-02' })
    if (!listed.ok) throw new Error(listed.error.message)
    expect(listed.value).toHaveLength(24)
    expect(listed.value[0]).toMatchObject({ DisplayName: 'Olivia Nguyen', PayGroupName: 'Front of house', EmploymentType: 'Full time', LeaveBalances: expect.any(Array) })
    expect(stack.sandbox.stats.withoutApiVersion()).toBe(0)
  })
})
