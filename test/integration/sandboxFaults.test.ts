import { afterEach, describe, expect, it } from 'vitest'
import { handClock, startHarness, validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'

/** The failures the sync queue must survive, injected on purpose, and what each looks like to a client. */

let harness: SandboxHarness | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
})

const INSERT = '/Payroll/LeaveRequest?FileId=1001'
const ENTITLEMENTS = '/Payroll/Entitlements?FileId=1001'

async function signedIn(options: Parameters<typeof startHarness>[0] = {}) {
  const h = await startHarness(options)
  harness = h
  return { h, token: (await h.signIn()).access_token }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The error code a failed request rejected with (undici's own, or the socket's). */
async function failureCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: unknown; name?: string }
  )
  expect(error, 'the request should have failed').not.toBeNull()
  // A DOMException (timeout, abort) has a numeric legacy code; its name says what happened.
  return typeof error?.code === 'string' ? error.code : (error?.name ?? 'unknown')
}

describe('latency', () => {
  it('delays the answer so a shorter client timeout gets none, then answers normally', async () => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'latency', ms: 5_000, times: 1 })
    const code = await failureCode(h.call('GET', ENTITLEMENTS, { token, timeoutMs: 200 }))
    expect(['TimeoutError', 'AbortError', 'UND_ERR_ABORTED']).toContain(code)
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
  })

  it('does not hold up close(), and the held request is then dropped unstored', async () => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'latency', ms: 60_000, route: 'POST /Payroll/LeaveRequest' })
    const pending = failureCode(h.call('POST', INSERT, { body: validLeave(), token }))
    // Bounded poll until the request has reached the sandbox.
    for (let i = 0; i < 400 && h.sandbox.stats.count('POST /Payroll/LeaveRequest') === 0; i++) await pause(25)
    expect(h.sandbox.stats.count('POST /Payroll/LeaveRequest')).toBe(1)
    await h.close()
    harness = null
    expect(await pending).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/)
    expect(h.sandbox.store.leaveRequests(1001)).toHaveLength(0)
  })

  it('still answers a patient client', async () => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'latency', ms: 100 })
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
  })
})

describe('down and up', () => {
  it('refuses connections while down and serves on the same port after up', async () => {
    const { h, token } = await signedIn()
    const port = h.sandbox.port
    await h.sandbox.faults.down()
    expect(await failureCode(h.call('GET', ENTITLEMENTS, { token }))).toBe('ECONNREFUSED')
    await h.sandbox.faults.up()
    expect(h.sandbox.port).toBe(port)
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
  })

  it('closes cleanly while down', async () => {
    const { h } = await signedIn()
    await h.sandbox.faults.down()
    await h.close()
    harness = null
  })
})

describe('status faults', () => {
  it.each([
    [500, undefined],
    [503, '7'],
    [429, 'Wed, 21 Oct 2026 07:28:00 GMT']
  ] as const)('answers %i with Retry-After %s and a short body', async (status, retryAfter) => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'status', status, ...(retryAfter ? { retryAfter } : {}), times: 1 })
    const answer = await h.call('POST', INSERT, { body: validLeave(), token })
    expect(answer.status).toBe(status)
    expect(answer.headers['retry-after']).toBe(retryAfter)
    expect(answer.json().detail).toEqual(expect.any(String))
    expect(h.sandbox.store.leaveRequests(1001)).toHaveLength(0)
    expect((await h.call('POST', INSERT, { body: validLeave(), token })).status).toBe(200)
  })

  it('applies only to the named route, case-insensitively', async () => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'status', status: 503, route: 'post /payroll/LEAVErequest' })
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
    expect((await h.call('POST', INSERT, { body: validLeave(), token })).status).toBe(503)
  })

  it('leaves the token routes alone unless a rule names them', async () => {
    const { h } = await signedIn()
    h.sandbox.faults.add({ kind: 'status', status: 503 })
    await h.signIn()
    h.sandbox.faults.clear()
    h.sandbox.faults.add({ kind: 'status', status: 503, route: 'POST /authorisation/token', times: 1 })
    await expect(h.signIn()).rejects.toThrow(/503/)
    await h.signIn()
  })

  it('uses the first matching rule, and a rule with probability 0 never fires', async () => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'status', status: 500, probability: 0 })
    h.sandbox.faults.add({ kind: 'status', status: 429, times: 2 })
    h.sandbox.faults.add({ kind: 'status', status: 503, times: 1 })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await h.call('GET', ENTITLEMENTS, { token })).status)
    expect(statuses).toEqual([429, 429, 503, 200])
  })

  it('refuses a rule that makes no sense', async () => {
    const { h } = await signedIn()
    expect(() => h.sandbox.faults.add({ kind: 'status', status: 500, times: 0 })).toThrow(/times/)
    expect(() => h.sandbox.faults.add({ kind: 'latency', ms: -1 })).toThrow(/ms/)
  })
})

/** Signs in, makes the next insert meet `kind`, and sends one: the harness, the token and the failure's code. */
async function insertUnanswered(kind: 'reset-before-commit' | 'drop-after-commit') {
  const { h, token } = await signedIn()
  h.sandbox.faults.add({ kind, route: 'POST /Payroll/LeaveRequest', times: 1 })
  const code = await failureCode(h.call('POST', INSERT, { body: validLeave(), token }))
  return { h, token, code }
}

describe('connection faults around the commit', () => {
  it('reset-before-commit: the client gets no answer and nothing is stored', async () => {
    const { h, code } = await insertUnanswered('reset-before-commit')
    expect(code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/)
    expect(h.sandbox.store.leaveRequests(1001)).toHaveLength(0)
  })

  it('drop-after-commit: the client gets no answer but exactly one record is stored', async () => {
    const { h, token, code } = await insertUnanswered('drop-after-commit')
    expect(code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/)
    expect(h.sandbox.store.leaveRequests(1001)).toHaveLength(1)
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
  })

  it.each([502, 504] as const)('gateway-after-commit %i: the record is stored, then a proxy page replaces the answer', async (status) => {
    const { h, token } = await signedIn()
    h.sandbox.faults.add({ kind: 'gateway-after-commit', status, route: 'POST /Payroll/LeaveRequest', times: 1 })
    const answer = await h.call('POST', INSERT, { body: validLeave(), token })
    expect(answer.status).toBe(status)
    expect(String(answer.headers['content-type'])).toContain('text/html')
    expect(h.sandbox.store.leaveRequests(1001)).toHaveLength(1)
  })
})

describe('rate limit and daily quota', () => {
  it('answers 429 with Retry-After past the per-second rate, per file', async () => {
    const clock = handClock()
    const { h, token } = await signedIn({ ratePerSecond: 1, now: clock.now })
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
    const limited = await h.call('GET', ENTITLEMENTS, { token })
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('1')
    expect((await h.call('GET', '/Payroll/Entitlements?FileId=1002', { token })).status).toBe(200)
    clock.advance(1_000)
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
  })

  it('blocks a file for the rest of the day once its daily quota is used', async () => {
    const clock = handClock(Date.UTC(2026, 2, 2, 23, 0, 0))
    const { h, token } = await signedIn({ dailyQuota: 3, now: clock.now })
    for (let i = 0; i < 3; i++) expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
    const blocked = await h.call('GET', ENTITLEMENTS, { token })
    expect(blocked.status).toBe(429)
    expect(blocked.headers['retry-after']).toBe('3600')
    expect(blocked.json().detail).toMatch(/daily/)
    clock.advance(59 * 60_000)
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(429)
    clock.advance(60_000)
    expect((await h.call('GET', ENTITLEMENTS, { token })).status).toBe(200)
  })
})

describe('stats', () => {
  it('counts requests per route and responses per status, until reset', async () => {
    const { h, token } = await signedIn()
    await h.call('POST', INSERT, { body: validLeave(), token })
    await h.call('POST', '/payroll/leaverequest?fileid=1001', { body: {}, token })
    const s = h.sandbox.stats
    expect(s.count('POST /Payroll/LeaveRequest')).toBe(2)
    expect(s.count('POST /authorisation/token')).toBe(1)
    expect(s.statusCount(400)).toBe(1)
    expect(s.statusCount(200)).toBe(2)
    await h.call('GET', '/Payroll/LeaveRequest/1?FileId=1001', { token })
    expect(s.count('GET /Payroll/LeaveRequest/{id}')).toBe(1)
    s.reset()
    expect(s.count('POST /Payroll/LeaveRequest')).toBe(0)
    expect(s.statusCount(200)).toBe(0)
  })
})
