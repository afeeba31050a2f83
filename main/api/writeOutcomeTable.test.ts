import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { classifyForQueue } from '../../renderer/src/sync/classifyForQueue'
import type { ApiErrorCode } from '../../shared/apiError'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../sandbox'
import { createApiClient, type ApiClient } from './apiClient'
import { FILE, pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth } from './testSupport/sandboxAuth'
import { startStoringServer, type StoringServer } from './testSupport/storingServer'

/**
 * Every row of the write table beside classifyResponse, against a server that stored the request before
 * answering: what the client says, and what the sync queue then does with it. The queue may only retry
 * what payroll said it did not apply; everything else that was stored must never be re-sent by itself.
 */
const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
const auth = () => fixedAuth({ kind: 'legacy', wsAccessKey, fileId })
type Queue = ReturnType<typeof classifyForQueue>['kind']

const ROWS: { status: number; code: ApiErrorCode; queue: Queue }[] = [
  { status: 301, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 302, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 303, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 307, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 308, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 400, code: 'validation', queue: 'needs-attention' },
  { status: 403, code: 'forbidden', queue: 'needs-attention' },
  { status: 404, code: 'not-found', queue: 'needs-attention' },
  { status: 405, code: 'validation', queue: 'needs-attention' },
  { status: 408, code: 'unavailable', queue: 'retry' },
  { status: 409, code: 'conflict', queue: 'needs-attention' },
  { status: 410, code: 'not-found', queue: 'needs-attention' },
  { status: 413, code: 'validation', queue: 'needs-attention' },
  { status: 422, code: 'validation', queue: 'needs-attention' },
  { status: 429, code: 'rate-limited', queue: 'retry' },
  { status: 500, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 501, code: 'misconfigured', queue: 'needs-attention' },
  { status: 502, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 503, code: 'unavailable', queue: 'retry' },
  { status: 504, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 505, code: 'misconfigured', queue: 'needs-attention' },
  { status: 507, code: 'unknown-outcome', queue: 'uncertain' },
  { status: 508, code: 'unknown-outcome', queue: 'uncertain' }
]

describe('the write table against a server that stored the request', () => {
  let server: StoringServer
  let client: ApiClient
  beforeAll(async () => {
    server = await startStoringServer()
    client = createApiClient({ baseUrl: server.baseUrl, auth: auth() })
  })
  afterAll(async () => {
    await client.close()
    await server.close()
  })
  beforeEach(() => {
    server.stored.length = 0
  })

  it.each(ROWS)('HTTP $status to an insert and to an update: $code → $queue, sent once, never followed', async ({ status, code, queue }) => {
    server.answerWith(status)
    const inserted = await client.insertLeaveRequest(FILE, pendingLeave())
    const updated = await client.putLeaveRequest(FILE, 7, { ...pendingLeave(), LastModifiedDateUtc: '2026-03-02T00:00:00' })
    for (const result of [inserted, updated]) {
      expect(result).toMatchObject({ ok: false, error: { code, status } })
      if (!result.ok) {
        expect(classifyForQueue(result.error).kind).toBe(queue)
        expect(result.error.message).not.toMatch(/https?:|wsAccessKey/)
      }
    }
    // Exactly the two writes reached the server; a redirect's Location was never asked for.
    expect(server.stored.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /Payroll/LeaveRequest', 'PUT /Payroll/LeaveRequest/7'])
  })

  it('says in plain words what a 501/505 means: the address is not payroll, nothing saved', async () => {
    server.answerWith(501)
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toMatch(/payroll address in Settings.*Nothing was saved/)
  })

  it('a read may be repeated: 500, 502 and a redirect to a read stay retryable server errors', async () => {
    for (const status of [500, 502, 302]) {
      server.answerWith(status)
      const read = await client.getLeaveRequest(FILE, 7)
      expect(read).toMatchObject({ ok: false, error: { code: 'server', status } })
      if (!read.ok) expect(classifyForQueue(read.error).kind).toBe('retry')
    }
  })
})

describe('the write table against the sandbox, where it has the fault', () => {
  const INSERT = 'POST /Payroll/LeaveRequest'
  let sandbox: Sandbox
  let client: ApiClient
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    client = createApiClient({ baseUrl: sandbox.baseUrl, auth: auth(), timeouts: { headersMs: 1_000 } })
  })
  afterAll(async () => {
    await client.close()
    await sandbox.close()
  })
  const stored = () => sandbox.store.leaveRequests(FILE).length

  it.each([
    { fault: { kind: 'status', status: 500 }, code: 'unknown-outcome', queue: 'uncertain', storedMore: 0 },
    { fault: { kind: 'status', status: 503, retryAfter: '3' }, code: 'unavailable', queue: 'retry', storedMore: 0 },
    { fault: { kind: 'status', status: 429, retryAfter: '1' }, code: 'rate-limited', queue: 'retry', storedMore: 0 },
    { fault: { kind: 'gateway-after-commit', status: 502 }, code: 'unknown-outcome', queue: 'uncertain', storedMore: 1 },
    { fault: { kind: 'gateway-after-commit', status: 504 }, code: 'unknown-outcome', queue: 'uncertain', storedMore: 1 },
    { fault: { kind: 'drop-after-commit' }, code: 'unknown-outcome', queue: 'uncertain', storedMore: 1 },
    { fault: { kind: 'reset-before-commit' }, code: 'unknown-outcome', queue: 'uncertain', storedMore: 0 }
  ] as const)('$fault.kind $fault.status: $code → $queue', async ({ fault, code, queue, storedMore }) => {
    const before = stored()
    sandbox.faults.add({ ...fault, route: INSERT, times: 1 })
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(result).toMatchObject({ ok: false, error: { code } })
    if (!result.ok) expect(classifyForQueue(result.error).kind).toBe(queue)
    expect(stored()).toBe(before + storedMore)
  })

  it('connection refused: network → retry, nothing stored', async () => {
    const before = stored()
    await sandbox.faults.down()
    try {
      const result = await client.insertLeaveRequest(FILE, pendingLeave())
      expect(result).toMatchObject({ ok: false, error: { code: 'network' } })
      if (!result.ok) expect(classifyForQueue(result.error)).toEqual({ kind: 'retry', stopsBatch: true })
    } finally {
      await sandbox.faults.up()
    }
    expect(stored()).toBe(before)
  })
})
