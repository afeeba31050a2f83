import { Agent } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/apiVersion'
import { verifyLegacyKey } from '../auth/legacyKeyCheck'
import { tokenEndpoint } from '../auth/tokenEndpoint'
import { testConnection } from './testConnection'
import { createApiClient } from './apiClient'
import { FILE, pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth } from './testSupport/sandboxAuth'
import { startScriptedServer, type SeenRequest, type ScriptedAnswer } from './testSupport/scriptedServer'

/** `X-Api-Version: 1.0` on every request the app sends to payroll, whichever part of main sends it. */
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const RECORD = {
  Id: 9,
  CreatedDateUtc: '2026-03-01T04:32:28.6873525',
  LastModifiedDateUtc: '2026-03-01T04:32:28.6873525',
  ...pendingLeave(),
  TotalHours: 0,
  Items: []
}

function answerFor(request: SeenRequest): ScriptedAnswer {
  const path = request.url.pathname.toLowerCase()
  if (path.startsWith('/authorisation/')) {
    return { status: 200, body: JSON.stringify({ access_token: 'a', token_type: 'bearer', expires_in: 3600, refresh_token: 'r', scope: `FileId:${FILE}` }) }
  }
  if (path === '/payroll/entitlements') return { status: 200, body: JSON.stringify({ Items: [] }) }
  if (path === '/payroll/employees') return { status: 200, body: JSON.stringify({ Employees: [], _links: [] }) }
  if (path === '/contacts') return { status: 200, body: JSON.stringify({ Contacts: [], _links: [] }) }
  if (path === '/fileidentities') return { status: 200, body: JSON.stringify({ FileIdentities: [], _links: [] }) }
  if (path.startsWith('/payroll/leaverequest/') && request.method === 'GET') return { status: 200, body: JSON.stringify(RECORD) }
  if (path.startsWith('/payroll/leaverequest')) return { status: 200, body: JSON.stringify({ Id: 9, LastModifiedDateUtc: RECORD.LastModifiedDateUtc }) }
  return { status: 404, body: '{}' }
}

describe('X-Api-Version', () => {
  it('goes on every request: each API operation, the probe, both token grants, the access-key check and Test connection', async () => {
    const server = await startScriptedServer(answerFor)
    cleanups.push(() => server.close())
    const agent = new Agent()
    cleanups.push(() => agent.close())
    const client = createApiClient({ baseUrl: server.baseUrl, auth: fixedAuth({ kind: 'bearer', accessToken: 't', generation: 1 }), dispatcher: agent })

    const answers = [
      await client.insertLeaveRequest(FILE, pendingLeave()),
      await client.getLeaveRequest(FILE, 9),
      await client.putLeaveRequest(FILE, 9, { ...pendingLeave(), LastModifiedDateUtc: RECORD.LastModifiedDateUtc }),
      await client.listEntitlements(FILE),
      await client.listEmployees(FILE, { includeLeaveBalances: true }),
      await client.listContacts(FILE),
      await client.listFileIdentities()
    ]
    expect(answers.map((answer) => answer.ok)).toEqual(answers.map(() => true))
    expect(await client.probe()).toBe(true)
    const tokens = tokenEndpoint({ baseUrl: server.baseUrl, dispatcher: agent })
    expect((await tokens.passwordGrant('clerk', 'secret')).ok).toBe(true)
    expect((await tokens.refreshGrant('r')).ok).toBe(true)
    expect((await verifyLegacyKey({ baseUrl: server.baseUrl, dispatcher: agent }, 'key', FILE)).ok).toBe(true)
    await testConnection(server.baseUrl, agent)

    expect(server.requests).toHaveLength(12)
    expect(server.requests.filter((request) => request.headers['x-api-version'] !== API_VERSION)).toEqual([])
    expect(API_VERSION).toBe('1.0')
  })
})
