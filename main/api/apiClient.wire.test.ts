import { afterEach, describe, expect, it } from 'vitest'
import type { LeaveRequestInsert } from '../../shared/leaveRequestSchema'
import { createApiClient, type ApiClient } from './apiClient'
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

/** 230 contacts, 150 of them employees, paged the way the API pages them. */
const CONTACTS = Array.from({ length: 230 }, (_, i) => ({
  Id: i + 1,
  GivenName: `Given${i + 1}`,
  FamilyName: `Family${i + 1}`,
  IsEmployee: i < 150,
  IsActive: i !== 3
}))

function contactsOrMissingEmployees(request: SeenRequest): ScriptedAnswer {
  const path = request.url.pathname
  if (path === '/Contacts') {
    const page = Number(request.url.searchParams.get('Page') ?? '1')
    const size = Number(request.url.searchParams.get('PageSize') ?? '25')
    return { status: 200, body: JSON.stringify({ Contacts: CONTACTS.slice((page - 1) * size, page * size), _links: [] }) }
  }
  return { status: 404, body: JSON.stringify({ Message: `No HTTP resource was found that matches ${path}.` }) }
}

describe('on the wire', () => {
  it('walks every contact page of 100 until a short page', async () => {
    const server = await serverAnswering(contactsOrMissingEmployees)
    const result = await clientFor(server).listContacts(FILE)
    expect(result.ok && result.value.map((c) => c.Id)).toEqual(CONTACTS.map((c) => c.Id))
    expect(server.requests.map((r) => [r.url.searchParams.get('Page'), r.url.searchParams.get('PageSize')])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100']
    ])
  })

  it('falls back to employee contacts when the employees route answers 404', async () => {
    const server = await serverAnswering(contactsOrMissingEmployees)
    const result = await clientFor(server).listEmployees(FILE, { includeLeaveBalances: true, isActive: true })
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value).toHaveLength(149)
    expect(result.value[0]).toEqual({ Id: 1, FirstName: 'Given1', LastName: 'Family1', DisplayName: 'Given1 Family1', IsActive: true })
    expect(server.requests[0]?.url.pathname).toBe('/Payroll/Employees')
    expect(server.requests[0]?.url.searchParams.get('IncludeLeaveBalances')).toBe('true')
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

  it('reuses kept-alive connections for sequential requests', async () => {
    const server = await serverAnswering(() => ({ status: 200, body: JSON.stringify({ Items: [{ Id: 1, Name: 'Annual Leave' }] }) }))
    const client = clientFor(server)
    for (let i = 0; i < 30; i++) expect((await client.listEntitlements(FILE)).ok).toBe(true)
    expect(server.requests).toHaveLength(30)
    expect(server.connections()).toBeLessThanOrEqual(3)
  })
})
