import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LeaveRequestInsert } from '../../shared/leaveRequestSchema'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../sandbox'
import { createApiClient, type ApiClient } from './apiClient'
import { ANNUAL_LEAVE, EMPLOYEE, FILE, pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth, passwordGrantAuth } from './testSupport/sandboxAuth'

let sandbox: Sandbox
const clients: ApiClient[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
})
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await sandbox.close()
})

function clerkClient(format: 'json' | 'xml' = 'json'): ApiClient {
  const { username, password } = DEMO_CREDENTIALS.clerk
  const client = createApiClient({ baseUrl: sandbox.baseUrl, auth: passwordGrantAuth(sandbox.baseUrl, username, password), format })
  clients.push(client)
  return client
}

describe.each(['json', 'xml'] as const)('leave requests in %s', (format) => {
  it('inserts, reads back and updates a leave request', async () => {
    const client = clerkClient(format)
    const inserted = await client.insertLeaveRequest(FILE, pendingLeave({ Notes: `Sent as ${format}` }))
    if (!inserted.ok) throw new Error(inserted.error.message)
    expect(inserted.value.Id).toBeGreaterThan(0)

    const read = await client.getLeaveRequest(FILE, inserted.value.Id)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value).toMatchObject({
      Id: inserted.value.Id,
      EmployeeId: EMPLOYEE,
      LeaveTypePayItemId: ANNUAL_LEAVE,
      Status: 'Pending',
      Notes: `Sent as ${format}`,
      LastModifiedDateUtc: inserted.value.LastModifiedDateUtc
    })

    const approved = {
      ...pendingLeave(),
      Status: 'Approved' as const,
      Items: [{ Date: '2026-03-02', Hours: 7.6 }, { Date: '2026-03-03', Hours: 7.6, IsPaid: true }],
      LastModifiedDateUtc: read.value.LastModifiedDateUtc
    }
    const updated = await client.putLeaveRequest(FILE, inserted.value.Id, approved)
    if (!updated.ok) throw new Error(updated.error.message)
    const stored = sandbox.store.leaveRequests(FILE).find((r) => r.Id === inserted.value.Id)
    expect(stored).toMatchObject({ Status: 'Approved', TotalHours: 15.2, LastModifiedDateUtc: updated.value.LastModifiedDateUtc })
  })

  it('sends none of the read-only fields a stored record carries (the API refuses them)', async () => {
    const client = clerkClient(format)
    const copied = { ...pendingLeave(), Id: 5, CreatedDateUtc: '2026-01-01T00:00:00Z', TotalHours: 8, _links: [{ rel: 'self' }] }
    const inserted = await client.insertLeaveRequest(FILE, copied as LeaveRequestInsert)
    expect(inserted.ok).toBe(true)
  })

  it('reports the server’s field messages when the body breaks a rule the client does not check', async () => {
    const client = clerkClient(format)
    const before = sandbox.store.leaveRequests(FILE).length
    const result = await client.insertLeaveRequest(FILE, pendingLeave({ StartDate: '2026-03-10', EndDate: '2026-03-01' }))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toMatchObject({ code: 'validation', status: 400 })
    expect(result.error.fieldIssues).toContainEqual(expect.objectContaining({ field: 'EndDate' }))
    expect(sandbox.store.leaveRequests(FILE)).toHaveLength(before)
  })
})

describe('refusals', () => {
  it('says forbidden for a file the session may not use', async () => {
    const result = await clerkClient().insertLeaveRequest(1003, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } })
  })

  it('says not-found for a leave request that does not exist', async () => {
    const result = await clerkClient().getLeaveRequest(FILE, 999_999)
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found', status: 404 } })
  })

  it('says conflict for a PUT with a stale LastModifiedDateUtc, and changes nothing', async () => {
    const client = clerkClient()
    const inserted = await client.insertLeaveRequest(FILE, pendingLeave())
    if (!inserted.ok) throw new Error(inserted.error.message)
    const firstRead = inserted.value.LastModifiedDateUtc
    const first = await client.putLeaveRequest(FILE, inserted.value.Id, { ...pendingLeave({ Notes: 'first edit' }), LastModifiedDateUtc: firstRead })
    expect(first.ok).toBe(true)
    const stale = await client.putLeaveRequest(FILE, inserted.value.Id, { ...pendingLeave({ Notes: 'second edit' }), LastModifiedDateUtc: firstRead })
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('changed since last read') } })
    expect(sandbox.store.leaveRequests(FILE).find((r) => r.Id === inserted.value.Id)?.Notes).toBe('first edit')
  })

  it('refuses an id that is not a positive whole number without sending anything', async () => {
    const result = await clerkClient().getLeaveRequest(FILE, -1)
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
  })
})

describe('lists', () => {
  it('lists the file’s leave pay items', async () => {
    const result = await clerkClient('xml').listEntitlements(FILE)
    expect(result).toEqual({ ok: true, value: sandbox.store.payItems(FILE) })
  })

  it('lists every contact, past the API’s default page of 25', async () => {
    const result = await clerkClient().listContacts(FILE)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value.length).toBeGreaterThan(25)
    expect(result.value.map((c) => c.Id)).toEqual(sandbox.store.contacts(FILE).map((c) => c.Id))
  })

  it('lists employees with their leave balances, in both formats', async () => {
    for (const format of ['json', 'xml'] as const) {
      const result = await clerkClient(format).listEmployees(FILE, { includeLeaveBalances: true, isActive: true })
      if (!result.ok) throw new Error(result.error.message)
      expect(result.value.length).toBeGreaterThan(0)
      expect(result.value.every((e) => e.IsActive)).toBe(true)
      expect(result.value[0]?.LeaveBalances).toContainEqual(expect.objectContaining({ PayItemId: ANNUAL_LEAVE, Name: 'Annual Leave' }))
    }
  })

  it('works with the legacy access key, and refuses it for another file without asking the server', async () => {
    const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
    const client = createApiClient({ baseUrl: sandbox.baseUrl, auth: fixedAuth({ kind: 'legacy', wsAccessKey, fileId }) })
    clients.push(client)
    expect((await client.listEntitlements(fileId)).ok).toBe(true)
    const before = sandbox.stats.count('GET /Payroll/Entitlements')
    const other = await client.listEntitlements(1002)
    expect(other).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(sandbox.stats.count('GET /Payroll/Entitlements')).toBe(before)
  })
})
