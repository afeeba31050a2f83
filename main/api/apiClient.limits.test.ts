import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../sandbox'
import { createApiClient, type ApiClient, type ApiClientOptions } from './apiClient'
import { dailyQuotaCounter } from './dailyQuotaCounter'
import { jsonFileQuotaStore } from './jsonFileQuotaStore'
import { requestRateLimiter } from './requestRateLimiter'
import { pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth } from './testSupport/sandboxAuth'

const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
const LIST = 'GET /Payroll/Entitlements'
const cleanups: (() => Promise<unknown>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function sandboxWith(options: Parameters<typeof startSandbox>[0]): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, ...options })
  cleanups.push(() => sandbox.close())
  return sandbox
}

function clientFor(sandbox: Sandbox, options: Partial<ApiClientOptions> = {}): ApiClient {
  const client = createApiClient({ baseUrl: sandbox.baseUrl, auth: fixedAuth({ kind: 'legacy', wsAccessKey, fileId }), ...options })
  cleanups.push(() => client.close())
  return client
}

const burst = (client: ApiClient, size: number) => Promise.all(Array.from({ length: size }, () => client.listEntitlements(fileId)))

describe('request rate', () => {
  it('a burst of 20 through the limiter at 5/s meets no 429 from a server that allows 5/s', async () => {
    const sandbox = await sandboxWith({ ratePerSecond: 5 })
    // A generous allowance: this test is about never exceeding the rate, and on a loaded CI machine a
    // stalled event loop can bunch arrivals by more than the default 30 ms (the benchmark measures that).
    const client = clientFor(sandbox, { limiter: requestRateLimiter({ perSecond: 5, jitterAllowanceMs: 200 }) })
    const results = await burst(client, 20)
    expect(results.filter((r) => !r.ok)).toEqual([])
    expect(sandbox.stats.count(LIST)).toBe(20)
    expect(sandbox.stats.statusCount(429)).toBe(0)
  })

  it('the same burst without the limiter does meet 429s, classified as rate-limited', async () => {
    const sandbox = await sandboxWith({ ratePerSecond: 5 })
    const results = await burst(clientFor(sandbox), 20)
    expect(sandbox.stats.statusCount(429)).toBeGreaterThan(0)
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toContain('rate-limited')
  })
})

describe('daily quota', () => {
  it('refuses at the limit without sending, remembers across restarts, and resumes the next UTC day', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'leave-desk-quota-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const store = jsonFileQuotaStore(join(dir, 'quota.json'))
    let now = Date.UTC(2026, 2, 2, 23, 59, 0)
    const sandbox = await sandboxWith({})
    const quota = () => dailyQuotaCounter({ limit: 3, store, now: () => now })

    const client = clientFor(sandbox, { quota: quota() })
    expect((await burst(client, 3)).every((r) => r.ok)).toBe(true)
    expect(await client.listEntitlements(fileId)).toEqual({
      ok: false,
      error: {
        code: 'quota-exhausted',
        message: "Today's limit of 3 requests for this file is reached; sending resumes tomorrow.",
        retryAfterMs: 60_000
      }
    })
    expect(sandbox.stats.count(LIST)).toBe(3)

    const restarted = clientFor(sandbox, { quota: quota() })
    expect(await restarted.listEntitlements(fileId)).toMatchObject({ ok: false, error: { code: 'quota-exhausted' } })
    expect(sandbox.stats.count(LIST)).toBe(3)

    now = Date.UTC(2026, 2, 3, 0, 0, 1)
    expect((await restarted.listEntitlements(fileId)).ok).toBe(true)
    expect(sandbox.stats.count(LIST)).toBe(4)
  })

  it('does not count a request that never left the machine', async () => {
    const sandbox = await sandboxWith({})
    const counter = dailyQuotaCounter({ limit: 10, store: { load: async () => ({}), save: async () => {} } })
    const client = clientFor(sandbox, { quota: counter })
    await sandbox.faults.down()
    expect(await client.listEntitlements(fileId)).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(await counter.used(fileId)).toBe(0)
    await sandbox.faults.up()
    expect((await client.listEntitlements(fileId)).ok).toBe(true)
    expect(await counter.used(fileId)).toBe(1)
  })

  it('a write whose asker went away just as its turn came is not sent, and its turn is given back as unused: the office sees nothing on its way', async () => {
    const sandbox = await sandboxWith({})
    const gone = new AbortController()
    const turnSettled: string[] = []
    // The turn comes, and the asker's window goes in the same moment (the limiter's last-moment check).
    const limiter = {
      acquire: async () => {
        gone.abort()
        return { answered: () => void turnSettled.push('answered'), unused: () => void turnSettled.push('unused') }
      }
    }
    const client = clientFor(sandbox, { limiter })
    const result = await client.insertLeaveRequest(fileId, pendingLeave(), { signal: gone.signal })
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } })
    expect(sandbox.stats.count('POST /Payroll/LeaveRequest')).toBe(0)
    expect(turnSettled).toEqual(['unused'])
  })
})

describe('a turn that never leaves', () => {
  it('a request that cannot even be built gives its turn back: the limiter is quiet again (the office may lend its turns)', async () => {
    const busy: boolean[] = []
    const limiter = requestRateLimiter({ perSecond: 5, onBusy: (isBusy) => void busy.push(isBusy) })
    const client = createApiClient({ baseUrl: 'not a payroll address', auth: fixedAuth({ kind: 'legacy', wsAccessKey, fileId }), limiter })
    cleanups.push(() => client.close())
    await client.listEntitlements(fileId).catch(() => undefined)
    expect(busy).toEqual([true, false])
  })
})
