import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../sandbox'
import type { ApiOutcome } from './apiOutcome'
import { createApiClient, type ApiClient, type ApiClientOptions } from './apiClient'
import { FILE, pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth } from './testSupport/sandboxAuth'

/**
 * Each fault mode of the sandbox, seen through the client. What matters most is the line between
 * `network` (nothing reached the server: the queue may retry) and `unknown-outcome` (it may have been
 * stored: the clerk decides), so those tests also look at what the sandbox holds afterwards.
 */
let sandbox: Sandbox
let client: ApiClient
let outcomes: ApiOutcome[]
const INSERT = 'POST /Payroll/LeaveRequest'
const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey

function newClient(options: Partial<ApiClientOptions> = {}): ApiClient {
  return createApiClient({
    baseUrl: sandbox.baseUrl,
    auth: fixedAuth({ kind: 'legacy', wsAccessKey, fileId }),
    onOutcome: (outcome) => outcomes.push(outcome),
    ...options
  })
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => {
  outcomes = []
  client = newClient({ timeouts: { headersMs: 500 } })
})
afterEach(async () => {
  sandbox.faults.clear()
  await sandbox.faults.up()
  await client.close()
})

const storedCount = () => sandbox.store.leaveRequests(FILE).length

describe('fault classification against the sandbox', () => {
  it('down: network, nothing stored, reported as a network outcome', async () => {
    await sandbox.faults.down()
    const before = storedCount()
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(storedCount()).toBe(before)
    expect(outcomes).toEqual([{ operation: 'insertLeaveRequest', fileId: FILE, code: 'network' }])
  })

  // Issue 10: a 500 may come after payroll stored the record (a full disk), so a write is never retried on it.
  it('500 to an insert: unknown-outcome, since payroll may have stored it before failing', async () => {
    sandbox.faults.add({ kind: 'status', status: 500, route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome', status: 500 } })
    expect(outcomes).toEqual([{ operation: 'insertLeaveRequest', fileId: FILE, code: 'unknown-outcome', status: 500 }])
  })

  it('500 to a read: server (reading again is harmless)', async () => {
    sandbox.faults.add({ kind: 'status', status: 500, route: 'GET /Payroll/Entitlements', times: 1 })
    const result = await client.listEntitlements(FILE)
    expect(result).toMatchObject({ ok: false, error: { code: 'server', status: 500 } })
  })

  it('503 with Retry-After: unavailable, with the wait', async () => {
    sandbox.faults.add({ kind: 'status', status: 503, retryAfter: '30', route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable', status: 503, retryAfterMs: 30_000 } })
  })

  it('429 with Retry-After in seconds: rate-limited, with the wait', async () => {
    sandbox.faults.add({ kind: 'status', status: 429, retryAfter: '2', route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'rate-limited', status: 429, retryAfterMs: 2000 } })
  })

  it('429 with Retry-After as an HTTP-date: rate-limited, with the wait until then', async () => {
    const at = Date.UTC(2030, 0, 1, 0, 0, 0)
    const dated = newClient({ now: () => at - 90_000 })
    sandbox.faults.add({ kind: 'status', status: 429, retryAfter: new Date(at).toUTCString(), route: INSERT, times: 1 })
    const result = await dated.insertLeaveRequest(FILE, pendingLeave())
    await dated.close()
    expect(result).toMatchObject({ ok: false, error: { code: 'rate-limited', retryAfterMs: 90_000 } })
  })

  it('connection reset before the server stored anything: unknown-outcome, and indeed nothing stored', async () => {
    const before = storedCount()
    sandbox.faults.add({ kind: 'reset-before-commit', route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome' } })
    expect(storedCount()).toBe(before)
  })

  it('answer dropped after the server stored it: unknown-outcome, though one record exists', async () => {
    const before = storedCount()
    sandbox.faults.add({ kind: 'drop-after-commit', route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome' } })
    expect(storedCount()).toBe(before + 1)
  })

  it.each([502, 504] as const)('a gateway %i after the server stored the insert: unknown-outcome, never a retryable server error', async (status) => {
    const before = storedCount()
    sandbox.faults.add({ kind: 'gateway-after-commit', status, route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome', status } })
    expect(storedCount()).toBe(before + 1)
  })

  it('a gateway 504 on a read is an ordinary server error: reading again is harmless', async () => {
    sandbox.faults.add({ kind: 'gateway-after-commit', status: 504, route: 'GET /Payroll/Entitlements', times: 1 })
    const result = await client.listEntitlements(FILE)
    expect(result).toMatchObject({ ok: false, error: { code: 'server', status: 504 } })
  })

  it('recovers once the fault is gone: the next insert succeeds on the same client', async () => {
    sandbox.faults.add({ kind: 'drop-after-commit', route: INSERT, times: 1 })
    await client.insertLeaveRequest(FILE, pendingLeave())
    const next = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(next.ok).toBe(true)
  })

  // Last: the delayed request goes on to store its record after the client gave up, which must not
  // land in another test's count.
  it('an answer slower than the headers timeout: unknown-outcome (it may still be stored)', async () => {
    sandbox.faults.add({ kind: 'latency', ms: 5000, route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome' } })
    expect(outcomes).toEqual([{ operation: 'insertLeaveRequest', fileId: FILE, code: 'unknown-outcome' }])
  })
})
