import { afterEach, describe, expect, it } from 'vitest'
import type { RequestAuth } from '../auth/requestAuth'
import { createApiClient, type ApiClient } from './apiClient'
import { FILE, pendingLeave } from './testSupport/leaveRequests'
import { fixedAuth } from './testSupport/sandboxAuth'
import { startScriptedServer, type ScriptedServer } from './testSupport/scriptedServer'

/**
 * A write that may have reached payroll must never come back as `internal` (the queue reads that as "not
 * sent", which invites a duplicate): whatever goes wrong while reading its answer, it is `unknown-outcome`.
 */
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const DEPTH = 100_000
const LEGACY: RequestAuth = { kind: 'legacy', wsAccessKey: 'demo-ws-key-1001', fileId: FILE }
const deepArrays = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`
const deepObjects = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`
const deepInsideResult = `{"Id":77,"LastModifiedDateUtc":"2026-03-02T10:00:00Z","_links":${deepArrays}}`

async function serverAnswering200(body: string): Promise<ScriptedServer> {
  const server = await startScriptedServer(() => ({ status: 200, body }))
  cleanups.push(() => server.close())
  return server
}

function clientFor(baseUrl: string, auth = fixedAuth(LEGACY)): ApiClient {
  const client = createApiClient({ baseUrl, auth })
  cleanups.push(() => client.close())
  return client
}

const update = { ...pendingLeave(), LastModifiedDateUtc: '2026-03-01T00:00:00Z' }

describe('a 200 answer nested 100,000 deep', () => {
  it.each([
    ['arrays', deepArrays],
    ['objects', deepObjects],
    ['arrays inside an otherwise valid result', deepInsideResult]
  ])('to an insert (%s): stored by the server, and reported as unknown-outcome, not internal', async (_name, body) => {
    const server = await serverAnswering200(body)
    const result = await clientFor(server.baseUrl).insertLeaveRequest(FILE, pendingLeave())
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /Payroll/LeaveRequest'])
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome', status: 200 } })
    expect(!result.ok && result.error.message).toMatch(/accepted the request, but its answer could not be read/)
  })

  it('to an update: unknown-outcome as well', async () => {
    const server = await serverAnswering200(deepObjects)
    const result = await clientFor(server.baseUrl).putLeaveRequest(FILE, 7, update)
    expect(server.requests.map((r) => r.method)).toEqual(['PUT'])
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome', status: 200 } })
  })

  it('to a read: an unreadable answer from the server, not a crash inside Leave Desk', async () => {
    const server = await serverAnswering200(deepArrays)
    const result = await clientFor(server.baseUrl).getLeaveRequest(FILE, 7)
    expect(result).toMatchObject({ ok: false, error: { code: 'server', status: 200 } })
    expect(!result.ok && result.error.message).toMatch(/answer could not be read/)
  })
})

describe('an unexpected failure inside the client', () => {
  /** Credentials that blow up when asked: a stand-in for any bug below the client's operations. */
  const brokenAuth = () => ({
    ...fixedAuth(LEGACY),
    current: () => Promise.reject(new TypeError('bug'))
  })

  it('is unknown-outcome for the writes (it may have left), never internal', async () => {
    const server = await serverAnswering200('{}')
    const client = clientFor(server.baseUrl, brokenAuth())
    for (const result of [await client.insertLeaveRequest(FILE, pendingLeave()), await client.putLeaveRequest(FILE, 7, update)]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown-outcome' } })
      expect(!result.ok && result.error.message).toMatch(/before sending it again/)
    }
  })

  it('stays internal for the reads, which are harmless to repeat', async () => {
    const server = await serverAnswering200('{}')
    const client = clientFor(server.baseUrl, brokenAuth())
    expect(await client.getLeaveRequest(FILE, 7)).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(await client.listEntitlements(FILE)).toMatchObject({ ok: false, error: { code: 'internal' } })
  })
})
