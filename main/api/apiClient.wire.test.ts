import { afterEach, describe, expect, it } from 'vitest'
import type { LeaveRequestInsert } from '../../shared/leaveRequestSchema'
import { createApiClient, EMPLOYEES_FORBIDDEN_MESSAGE, type ApiClient } from './apiClient'
import { FILE, pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth } from './testSupport/sandboxAuth'
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer, type SeenRequest } from './testSupport/scriptedServer'

/** What the client puts on the wire, against a bare server that shows it. */
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const BEARER = { kind: 'bearer', accessToken: 'token-1', generation: 1 } as const

async function serverAnswering(answer: (request: SeenRequest) => ScriptedAnswer): Promise<ScriptedServer> {
  const server = await startScriptedServer(answer)
  cleanups.push(() => server.close())
  return server
}

function clientFor(server: ScriptedServer, format: 'json' | 'xml' = 'json', baseSuffix = ''): ApiClient {
  const client = createApiClient({ baseUrl: `${server.baseUrl}${baseSuffix}`, auth: fixedAuth(BEARER), format })
  cleanups.push(() => client.close())
  return client
}

/** 230 contacts and 150 employees, paged the way the API pages them (vendor shapes: no employee flag on a contact). */
const CONTACTS = Array.from({ length: 230 }, (_, i) => ({ Id: i + 1, GivenName: `Given${i + 1}`, FamilyName: `Family${i + 1}`, IsActive: true }))
const EMPLOYEES = Array.from({ length: 150 }, (_, i) => ({
  Id: i + 1,
  FirstName: `Given${i + 1}`,
  LastName: `Family${i + 1}`,
  DisplayName: `Given${i + 1} Family${i + 1}`,
  IsActive: i !== 3,
  EmploymentType: 'Full time',
  EmploymentTypeId: 1,
  PayFrequency: 'Fortnightly',
  PayFrequencyId: 2,
  AssignedToPayGroupId: 4,
  PayGroupName: 'Head office',
  LastPaid: '2026-02-26T00:00:00'
}))

function pageOf<T>(items: readonly T[], url: URL): T[] {
  const page = Number(url.searchParams.get('Page') ?? '1')
  const size = Number(url.searchParams.get('PageSize') ?? '25')
  return items.slice((page - 1) * size, page * size)
}

function pagedLists(request: SeenRequest): ScriptedAnswer {
  const path = request.url.pathname
  if (path === '/Contacts') return { status: 200, body: JSON.stringify({ Contacts: pageOf(CONTACTS, request.url), _links: [] }) }
  if (path === '/Payroll/Employees') return { status: 200, body: JSON.stringify({ Employees: pageOf(EMPLOYEES, request.url), _links: [] }) }
  return { status: 404, body: JSON.stringify({ Message: `No HTTP resource was found that matches ${path}.` }) }
}

describe('on the wire', () => {
  it('walks every contact page of 100 until a short page', async () => {
    const server = await serverAnswering(pagedLists)
    const result = await clientFor(server).listContacts(FILE)
    expect(result.ok && result.value.map((c) => c.Id)).toEqual(CONTACTS.map((c) => c.Id))
    expect(server.requests.map((r) => [r.url.searchParams.get('Page'), r.url.searchParams.get('PageSize')])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100']
    ])
  })

  it('learns the employees from every page of Payroll/Employees, with pay group, employment type and balances as at a date', async () => {
    const server = await serverAnswering(pagedLists)
    const result = await clientFor(server).listEmployees(FILE, { includeLeaveBalances: true, leaveBalanceAsAt: '2026-03-02' })
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value).toHaveLength(150)
    expect(result.value[0]).toEqual(EMPLOYEES[0])
    expect(server.requests.map((r) => [r.url.pathname, r.url.searchParams.get('Page'), r.url.searchParams.get('PageSize')])).toEqual([
      ['/Payroll/Employees', '1', '100'],
      ['/Payroll/Employees', '2', '100']
    ])
    expect(server.requests[0]?.url.searchParams.get('IncludeLeaveBalances')).toBe('true')
    expect(server.requests[0]?.url.searchParams.get('LeaveBalanceAsAtDate')).toBe('2026-03-02')
  })

  it('stops when payroll answers every page with the same employees (Page ignored), each employee once', async () => {
    const server = await serverAnswering(() => ({ status: 200, body: JSON.stringify({ Employees: EMPLOYEES.slice(0, 100) }) }))
    const result = await clientFor(server).listEmployees(FILE)
    expect(result.ok && result.value).toHaveLength(100)
    expect(server.requests).toHaveLength(2)
  })

  it('says plainly when payroll refuses the employee list, and never makes one up from the contacts', async () => {
    const server = await serverAnswering((request) =>
      request.url.pathname === '/Payroll/Employees' ? { status: 403, body: JSON.stringify({ Message: 'Access denied.' }) } : pagedLists(request)
    )
    const result = await clientFor(server).listEmployees(FILE, { includeLeaveBalances: true })
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden', message: EMPLOYEES_FORBIDDEN_MESSAGE } })
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/Payroll/Employees'])
  })

  it('answers a payroll without the employees route with its not-found, not a list built from contacts', async () => {
    const server = await serverAnswering((request) => (request.url.pathname === '/Contacts' ? pagedLists(request) : { status: 404, body: '{}' }))
    const result = await clientFor(server).listEmployees(FILE)
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(server.requests.map((r) => r.url.pathname)).toEqual(['/Payroll/Employees'])
  })

  it('sends JSON with Accept, Content-Type, the bearer token and FileId, under a base path, and no read-only fields', async () => {
    const server = await serverAnswering(() => ({ status: 201, body: JSON.stringify({ InsertedEntityId: 77 }) }))
    const stored = { ...pendingLeave(), Id: 5, TotalHours: 8, CreatedDateUtc: 'x', _links: [], Items: [{ Date: '2026-03-02', Hours: 8, ProcessedInPayRunId: 3 }] }
    const result = await clientFor(server, 'json', '/api/v2/').insertLeaveRequest(FILE, stored as LeaveRequestInsert)
    expect(result).toEqual({ ok: true, value: { Id: 77, LastModifiedDateUtc: '' } })
    const [seen] = server.requests
    expect(seen?.url.pathname).toBe('/api/v2/Payroll/LeaveRequest')
    expect(seen?.url.searchParams.get('FileId')).toBe(String(FILE))
    expect(seen?.headers).toMatchObject({ accept: 'application/json', authorization: 'Bearer token-1' })
    expect(seen?.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(seen?.body ?? '')).toEqual({ ...pendingLeave(), Items: [{ Date: '2026-03-02', Hours: 8 }] })
  })

  it('sends and reads XML when configured', async () => {
    const server = await serverAnswering(() => ({
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: '<InsertUpdateResult><Id>12</Id><LastModifiedDateUtc>2026-03-02T01:02:03Z</LastModifiedDateUtc></InsertUpdateResult>'
    }))
    const result = await clientFor(server, 'xml').insertLeaveRequest(FILE, pendingLeave())
    expect(result).toEqual({ ok: true, value: { Id: 12, LastModifiedDateUtc: '2026-03-02T01:02:03Z' } })
    const [seen] = server.requests
    expect(seen?.headers.accept).toBe('application/xml')
    expect(seen?.headers['content-type']).toMatch(/^application\/xml/)
    expect(seen?.body).toMatch(/<LeaveRequest[\s>][\s\S]*<EmployeeId>6001<\/EmployeeId>/)
  })

  it('calls an insert whose 2xx answer names no Id unknown-outcome: it was stored, but we cannot say as what', async () => {
    const server = await serverAnswering(() => ({ status: 200, body: '{"Status":"ok"}' }))
    const result = await clientFor(server).insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome', status: 200 } })
  })

  it("keeps payroll's LastModifiedDateUtc to the byte in the vendor's seven-digit form, read and sent back", async () => {
    const stamp = '2026-03-01T04:32:28.6873525'
    const record = { Id: 9, CreatedDateUtc: '2026-02-27T22:01:09.1000000', LastModifiedDateUtc: stamp, ...pendingLeave(), TotalHours: 0, Items: [] }
    const server = await serverAnswering((request) =>
      request.method === 'GET'
        ? { status: 200, body: JSON.stringify(record) }
        : { status: 200, body: JSON.stringify({ Id: 9, LastModifiedDateUtc: '2026-03-01T04:40:00.1000000' }) }
    )
    const client = clientFor(server)
    const read = await client.getLeaveRequest(FILE, 9)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.LastModifiedDateUtc).toBe(stamp)
    expect(read.value.CreatedDateUtc).toBe('2026-02-27T22:01:09.1000000')
    const written = await client.putLeaveRequest(FILE, 9, { ...pendingLeave(), LastModifiedDateUtc: read.value.LastModifiedDateUtc })
    // The answer's trailing zeros are payroll's too.
    expect(written).toEqual({ ok: true, value: { Id: 9, LastModifiedDateUtc: '2026-03-01T04:40:00.1000000' } })
    expect(server.requests[1]?.body).toContain(`"LastModifiedDateUtc":"${stamp}"`)
  })

  it('reuses kept-alive connections for sequential requests', async () => {
    const server = await serverAnswering(() => ({ status: 200, body: JSON.stringify({ Items: [{ Id: 1, Name: 'Annual Leave' }] }) }))
    const client = clientFor(server)
    for (let i = 0; i < 30; i++) expect((await client.listEntitlements(FILE)).ok).toBe(true)
    expect(server.requests).toHaveLength(30)
    expect(server.connections()).toBeLessThanOrEqual(3)
  })
})
