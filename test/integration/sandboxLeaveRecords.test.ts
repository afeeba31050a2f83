import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../main/sandbox/demoData'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerTest } from './testSupport/signedInSandbox'

/** Reading and updating a stored leave request, the stale-update rule, and approved leave taken from balances. */

let harness: SandboxHarness
let token: string
signedInSandboxPerTest({}, (started, signedIn) => ([harness, token] = [started, signedIn]))

async function insert(body = validLeave(), fileId = 1001) {
  const answer = await harness.call('POST', `/Payroll/LeaveRequest?FileId=${fileId}`, { body, token })
  expect(answer.status, answer.text).toBe(200)
  return answer.json<{ Id: number; LastModifiedDateUtc: string }>()
}

const update = (id: number, body: unknown) => harness.call('PUT', `/Payroll/LeaveRequest/${id}?FileId=1001`, { body, token })

describe('GET /Payroll/LeaveRequest/{id}', () => {
  it('returns the stored record with its server-set fields and empty _links', async () => {
    const { Id, LastModifiedDateUtc } = await insert()
    const answer = await harness.call('GET', `/payroll/leaverequest/${Id}?fileid=1001`, { token })
    expect(answer.status).toBe(200)
    expect(answer.json()).toMatchObject({
      Id,
      LastModifiedDateUtc,
      TotalHours: 15.2,
      StartDate: '2026-03-02T00:00:00',
      Status: 'Approved',
      Items: [expect.objectContaining({ Date: '2026-03-02T00:00:00', Hours: 7.6 }), expect.anything()],
      _links: []
    })
  })

  it('answers 404 for an id that is not in that file', async () => {
    const { Id } = await insert()
    expect((await harness.call('GET', `/Payroll/LeaveRequest/${Id + 100}?FileId=1001`, { token })).status).toBe(404)
    const otherFile = await harness.call('GET', `/Payroll/LeaveRequest/${Id}?FileId=1002`, { token })
    expect(otherFile.status).toBe(404)
  })

  it('answers 400 naming the id when it is not a number', async () => {
    const answer = await harness.call('GET', '/Payroll/LeaveRequest/abc?FileId=1001', { token })
    expect(answer.status).toBe(400)
    expect(answer.json().errors).toEqual([expect.objectContaining({ field: 'Id' })])
  })
})

describe('PUT /Payroll/LeaveRequest/{id}', () => {
  it('updates with the LastModifiedDateUtc last read and returns the new one', async () => {
    const { Id, LastModifiedDateUtc } = await insert()
    const answer = await update(Id, validLeave({ Status: 'Rejected', LastModifiedDateUtc }))
    expect(answer.status).toBe(200)
    const result = answer.json<{ Id: number; LastModifiedDateUtc: string }>()
    expect(result.Id).toBe(Id)
    expect(result.LastModifiedDateUtc).not.toBe(LastModifiedDateUtc)
    expect(harness.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)?.Status).toBe('Rejected')
  })

  it('refuses a stale LastModifiedDateUtc with 400 and the live sentence', async () => {
    const { Id, LastModifiedDateUtc } = await insert()
    expect((await update(Id, validLeave({ Notes: 'first edit', LastModifiedDateUtc }))).status).toBe(200)
    const stale = await update(Id, validLeave({ Notes: 'second edit', LastModifiedDateUtc }))
    expect(stale.status).toBe(400)
    expect(stale.text).toContain('Record to be updated has changed since last read.')
    expect(harness.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)?.Notes).toBe('first edit')
  })

  it('needs LastModifiedDateUtc and applies the same rules as insert', async () => {
    const { Id, LastModifiedDateUtc } = await insert()
    const missing = await update(Id, validLeave())
    expect(missing.status).toBe(400)
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'LastModifiedDateUtc' })])
    const tooLong = await update(Id, validLeave({ EndDate: '2026-06-30', Items: [], Status: 'Pending', LastModifiedDateUtc }))
    expect(tooLong.status).toBe(400)
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ field: 'EndDate' })])
  })

  it('answers 404 for a record that does not exist', async () => {
    const answer = await update(999, validLeave({ LastModifiedDateUtc: '2026-03-02T00:00:00Z' }))
    expect(answer.status).toBe(404)
  })
})

describe('leave balances', () => {
  const balanceOf = (employeeId: number, payItemId: number) =>
    harness.sandbox.store
      .employees(1001)
      .find((e) => e.Id === employeeId)
      ?.LeaveBalances?.find((b) => b.PayItemId === payItemId)?.Hours ?? NaN

  it('takes approved leave from the employee balance and leaves pending leave alone', async () => {
    const before = balanceOf(6001, 101)
    await insert(validLeave({ Status: 'Pending', Items: [{ Date: '2026-03-02', Hours: 7.6 }] }))
    expect(balanceOf(6001, 101)).toBe(before)
    await insert(validLeave())
    expect(balanceOf(6001, 101)).toBeCloseTo(before - 15.2, 5)
  })

  it('gives the hours back when an approved request is rejected by update', async () => {
    const before = balanceOf(6001, 101)
    const { Id, LastModifiedDateUtc } = await insert()
    await update(Id, validLeave({ Status: 'Rejected', LastModifiedDateUtc }))
    expect(balanceOf(6001, 101)).toBeCloseTo(before, 5)
  })

  it('shows the lowered balance through GET /Payroll/Employees', async () => {
    const before = balanceOf(6001, 101)
    await insert()
    const answer = await harness.call('GET', '/Payroll/Employees?FileId=1001&IncludeLeaveBalances=true', { token })
    const olivia = answer.json<{ Employees: { Id: number; LeaveBalances: { PayItemId: number; Hours: number }[] }[] }>()
      .Employees.find((e) => e.Id === 6001)
    expect(olivia?.LeaveBalances.find((b) => b.PayItemId === 101)?.Hours).toBeCloseTo(before - 15.2, 5)
  })
})

describe('files are separate', () => {
  it('keeps each file\'s requests to itself', async () => {
    await insert()
    const solo = await harness.signIn(DEMO_CREDENTIALS.solo)
    const answer = await harness.call('POST', '/Payroll/LeaveRequest?FileId=1002', {
      body: validLeave({ LeaveTypePayItemId: 201, EmployeeId: 7001 }),
      token: solo.access_token
    })
    expect(answer.status).toBe(200)
    expect(harness.sandbox.store.leaveRequests(1001)).toHaveLength(1)
    expect(harness.sandbox.store.leaveRequests(1002)).toHaveLength(1)
  })
})
