import { describe, expect, it } from 'vitest'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/** Every rule of spec §4.1 on both sides of its boundary, as `POST /Payroll/LeaveRequest` enforces it. */

let harness: SandboxHarness
let token: string
signedInSandboxPerFile({}, (started, signedIn) => ([harness, token] = [started, signedIn]))

const INSERT = '/Payroll/LeaveRequest?FileId=1001'

async function insert(body: unknown) {
  return harness.call('POST', INSERT, { body, token })
}

async function expectRefused(body: unknown, field: string) {
  const before = harness.sandbox.store.leaveRequests(1001).length
  const answer = await insert(body)
  expect(answer.status).toBe(400)
  expect(answer.headers['content-type']).toContain('application/problem+json')
  const problem = answer.json<{ status: number; errors: { field: string; message: string }[] }>()
  expect(problem.status).toBe(400)
  expect(problem.errors.map((e) => e.field)).toContain(field)
  expect(harness.sandbox.store.leaveRequests(1001).length).toBe(before)
  return problem
}

async function expectAccepted(body: unknown) {
  const answer = await insert(body)
  expect(answer.status, answer.text).toBe(200)
  return answer.json<{ Id: number; LastModifiedDateUtc: string }>()
}

/** A pending request over [start, end] with no items, so only the dates matter. */
const span = (StartDate: string, EndDate: string) => validLeave({ StartDate, EndDate, Status: 'Pending', Items: [] })

describe('dates', () => {
  it('accepts a span of 63 days and refuses 64', async () => {
    await expectAccepted(span('2026-03-01', '2026-05-03'))
    const problem = await expectRefused(span('2026-03-01', '2026-05-04'), 'EndDate')
    // Payroll's refusal counts as the clerk does, in the same words as the editor: 1 Mar – 4 May covers 65 days.
    expect(problem.errors[0]?.message).toContain('at most 64 calendar days')
    expect(problem.errors[0]?.message).toContain('this one covers 65')
  })

  it('accepts EndDate equal to StartDate and refuses one day earlier', async () => {
    await expectAccepted(span('2026-03-02', '2026-03-02'))
    await expectRefused(span('2026-03-02', '2026-03-01'), 'EndDate')
  })

  it('accepts the date forms real clients send and refuses a non-date', async () => {
    for (const date of ['2026-03-02', '2026-03-02T00:00:00', '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00+10:00']) {
      await expectAccepted(span(date, date))
    }
    await expectRefused(span('2026-02-30', '2026-03-02'), 'StartDate')
  })

  it('stores the calendar date as written, with no timezone shift, in its normalised form', async () => {
    const { Id } = await expectAccepted(span('2026-03-02T00:00:00+10:00', '2026-03-02T00:00:00+10:00'))
    const stored = harness.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)
    expect(stored?.StartDate).toBe('2026-03-02T00:00:00')
  })
})

describe('status and items', () => {
  it('needs Items on an approved request, not on a pending one', async () => {
    await expectRefused(validLeave({ Status: 'Approved', Items: [] }), 'Items')
    await expectRefused(validLeave({ Status: 'Approved', Items: null }), 'Items')
    await expectAccepted(validLeave({ Status: 'Approved' }))
    await expectAccepted(validLeave({ Status: 'Pending', Items: [] }))
  })

  it('accepts 24 hours in a day and refuses 24.5', async () => {
    const day = (Hours: number) => validLeave({ Items: [{ Date: '2026-03-02', Hours }] })
    await expectAccepted(day(24))
    await expectRefused(day(24.5), 'Items.0.Hours')
  })

  it('refuses an item outside the leave dates', async () => {
    await expectRefused(validLeave({ Items: [{ Date: '2026-03-09', Hours: 7.6 }] }), 'Items.0.Date')
  })

  it('refuses an unknown status', async () => {
    await expectRefused(validLeave({ Status: 'Cancelled' }), 'Status')
  })

  it('sets TotalHours to the sum of the item hours', async () => {
    const { Id } = await expectAccepted(validLeave({ Items: [{ Date: '2026-03-02', Hours: 7.6 }, { Date: '2026-03-03', Hours: 3.8 }] }))
    expect(harness.sandbox.store.leaveRequests(1001).find((r) => r.Id === Id)?.TotalHours).toBe(11.4)
  })
})

describe('read-only fields and _links', () => {
  it('treats null read-only fields and "_links": [] as not supplied', async () => {
    await expectAccepted(validLeave({ Id: null, CreatedDateUtc: null, TotalHours: null, LastModifiedDateUtc: null, _links: [] }))
    await expectAccepted(validLeave({ Id: '', CreatedDateUtc: '' }))
  })

  it.each([
    ['Id', 5],
    ['CreatedDateUtc', '2026-01-01T00:00:00Z'],
    ['TotalHours', 15.2],
    ['_links', [{ rel: 'self', href: '/x' }]]
  ])('refuses a real %s', async (field, value) => {
    const problem = await expectRefused(validLeave({ [field]: value }), field)
    expect(problem.errors.find((e) => e.field === field)?.message).toMatch(/must not be sent/)
  })
})

describe('references to the file', () => {
  it('refuses a pay item that is not an entitlement of the file', async () => {
    const problem = await expectRefused(validLeave({ LeaveTypePayItemId: 201 }), 'LeaveTypePayItemId')
    expect(problem.errors[0]?.message).toContain('201')
  })

  it('refuses a contact that is not an employee, and a contact of another file', async () => {
    const employeeIds = new Set(harness.sandbox.store.employees(1001).map((e) => e.Id))
    const supplier = harness.sandbox.store.contacts(1001).find((c) => !employeeIds.has(c.Id))
    await expectRefused(validLeave({ EmployeeId: supplier?.Id }), 'EmployeeId')
    await expectRefused(validLeave({ EmployeeId: 7001 }), 'EmployeeId')
  })

  it('names every missing required field at once', async () => {
    const problem = await expectRefused({ Status: 'Pending' }, 'LeaveTypePayItemId')
    expect(problem.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['EmployeeId', 'StartDate', 'EndDate']))
  })

  it('refuses wrong types with a 400, not a crash', async () => {
    await expectRefused(validLeave({ EmployeeId: '6001' }), 'EmployeeId')
    await expectRefused(validLeave({ Items: 'none' }), 'Items')
    await expectRefused(validLeave({ Notes: { text: 'x' } }), 'Notes')
  })
})

describe('the insert answer', () => {
  it('is 200 with an increasing Id and the record as stored', async () => {
    const first = await expectAccepted(validLeave())
    const second = await expectAccepted(validLeave())
    expect(second.Id).toBeGreaterThan(first.Id)
    const stored = harness.sandbox.store.leaveRequests(1001).find((r) => r.Id === second.Id)
    expect(stored).toMatchObject({ LastModifiedDateUtc: second.LastModifiedDateUtc, EmployeeId: 6001, Status: 'Approved' })
    expect(Date.parse(stored?.CreatedDateUtc ?? '')).not.toBeNaN()
  })
})
