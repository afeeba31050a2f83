import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../sandbox'
import { createApiClient, type ApiClient } from './apiClient'
import type { CountingAuth } from './testSupport/sandboxAuth'
import { fixedAuth, passwordGrantAuth } from './testSupport/sandboxAuth'
import { FILE, pendingLeave } from './testSupport/leaveRequests'

let sandbox: Sandbox
let client: ApiClient | null = null
const INSERT = 'POST /Payroll/LeaveRequest'

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
})
afterEach(async () => {
  await client?.close()
  client = null
})
afterAll(async () => {
  await sandbox.close()
})

function clientWith(auth: CountingAuth): ApiClient {
  client = createApiClient({ baseUrl: sandbox.baseUrl, auth })
  return client
}

describe('credentials', () => {
  it('retries once with the refreshed token after a 401, storing the request once', async () => {
    const { username, password } = DEMO_CREDENTIALS.clerk
    const auth = passwordGrantAuth(sandbox.baseUrl, username, password)
    const api = clientWith(auth)
    expect((await api.listEntitlements(FILE)).ok).toBe(true)
    sandbox.store.expireAccessTokens()
    sandbox.stats.reset()
    const before = sandbox.store.leaveRequests(FILE).length

    const result = await api.insertLeaveRequest(FILE, pendingLeave())

    expect(result.ok).toBe(true)
    expect(auth.afterUnauthorizedCalls).toBe(1)
    expect(sandbox.stats.count('POST /authorisation/refresh')).toBe(1)
    expect(sandbox.stats.count(INSERT)).toBe(2)
    expect(sandbox.store.leaveRequests(FILE)).toHaveLength(before + 1)
  })

  it('says signed-out when the session cannot be renewed after a 401', async () => {
    const auth = fixedAuth({ kind: 'bearer', accessToken: 'not-a-token', generation: 1 }, null)
    const result = await clientWith(auth).insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'signed-out' } })
    expect(auth.afterUnauthorizedCalls).toBe(1)
  })

  it('says unavailable, not signed-out, when renewing failed for a passing reason while still signed in', async () => {
    const auth = fixedAuth({ kind: 'bearer', accessToken: 'not-a-token', generation: 1 }, null, true)
    const result = await clientWith(auth).insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } })
    expect(auth.afterUnauthorizedCalls).toBe(1)
  })

  it('retries only once: a second 401 is final and says unauthorized', async () => {
    sandbox.stats.reset()
    const bad = { kind: 'bearer', accessToken: 'still-bad', generation: 2 } as const
    const auth = fixedAuth({ kind: 'bearer', accessToken: 'bad', generation: 1 }, bad)
    const result = await clientWith(auth).insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } })
    expect(auth.afterUnauthorizedCalls).toBe(1)
    expect(sandbox.stats.count(INSERT)).toBe(2)
  })

  it('says signed-out without sending anything when there is no session', async () => {
    sandbox.stats.reset()
    const result = await clientWith(fixedAuth(null)).insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'signed-out' } })
    expect(sandbox.stats.count(INSERT)).toBe(0)
  })

  it('never puts the token or the access key into an error message', async () => {
    const secret = 'very-secret-token-value'
    const auth = fixedAuth({ kind: 'bearer', accessToken: secret, generation: 1 }, null)
    const api = clientWith(auth)
    const failures = [await api.insertLeaveRequest(FILE, pendingLeave()), await api.listContacts(FILE)]
    await sandbox.faults.down()
    const legacy = createApiClient({ baseUrl: sandbox.baseUrl, auth: fixedAuth({ kind: 'legacy', wsAccessKey: secret, fileId: FILE }) })
    failures.push(await legacy.listEntitlements(FILE))
    await legacy.close()
    await sandbox.faults.up()
    for (const failure of failures) {
      expect(failure.ok).toBe(false)
      expect(JSON.stringify(failure)).not.toContain(secret)
    }
  })
})
