import { describe, expect, it } from 'vitest'
import type { Dispatcher } from 'undici'
import { classifyForQueue } from '../../renderer/src/sync/classifyForQueue'
import { createApiClient } from '../api/apiClient'
import { FILE, pendingLeave } from '../api/testSupport/leaveRequests'
import { fixedAuth } from '../api/testSupport/sandboxAuth'
import { createSession } from '../auth/session'
import { tokenEndpoint } from '../auth/tokenEndpoint'
import { createMemoryTokenStore } from '../auth/tokenStore'
import { DEMO_CREDENTIALS, type Sandbox } from '../sandbox'
import { createNetworkDispatcher, type NetworkOptions } from './networkDispatcher'
import { startHttpsFront } from './testSupport/httpsFront'
import { sandboxWithCertificatesPerFile } from './testSupport/realServerHooks'
import type { TestCertificates } from './testSupport/testCertificates'
import { freePort, startTinyproxy, type RunningProxy } from './testSupport/tinyproxy'
import { trustedCertificates } from './trustedCertificates'

/**
 * Main's HTTP with real parts: Debian's tinyproxy in front of the sandbox (its own log shows what went
 * through it), and an https sandbox whose certificate comes from a CA this test made.
 */
const { clerk } = DEMO_CREDENTIALS
const INSERT = 'POST /Payroll/LeaveRequest'
let sandbox: Sandbox
let certificates: TestCertificates
const closers = sandboxWithCertificatesPerFile((started, made) => ([sandbox, certificates] = [started, made]))

const portOf = (baseUrl: string) => Number(new URL(baseUrl).port)
const stored = () => sandbox.store.leaveRequests(FILE).length

function network(options: NetworkOptions): Dispatcher {
  const dispatcher = createNetworkDispatcher({ connectTimeoutMs: 3_000, ...options })
  closers.push(() => dispatcher.close())
  return dispatcher
}

async function proxyFor(ports: number[]): Promise<RunningProxy> {
  const proxy = await startTinyproxy({ connectPorts: ports })
  closers.push(() => proxy.close())
  return proxy
}

/** A sign-in, then an insert with its token, both through `dispatcher` to `baseUrl`. */
async function signInAndInsert(baseUrl: string, dispatcher: Dispatcher) {
  const token = await tokenEndpoint({ baseUrl, dispatcher }).passwordGrant(clerk.username, clerk.password)
  if (!token.ok) return { token, insert: null }
  const client = createApiClient({
    baseUrl,
    dispatcher,
    auth: fixedAuth({ kind: 'bearer', accessToken: token.value.access_token, generation: 1 })
  })
  closers.push(() => client.close())
  return { token, insert: await client.insertLeaveRequest(FILE, pendingLeave({ Notes: `via ${baseUrl}` })) }
}

describe('through the system proxy (tinyproxy)', () => {
  it('sends the token request and an insert through the proxy the system names, as its log shows', async () => {
    const proxy = await proxyFor([portOf(sandbox.baseUrl)])
    const asked: string[] = []
    const dispatcher = network({ resolveProxy: async (url) => (asked.push(url), proxy.pacResult) })
    const before = stored()

    const { token, insert } = await signInAndInsert(sandbox.baseUrl, dispatcher)

    expect(token.ok).toBe(true)
    expect(insert).toMatchObject({ ok: true })
    expect(stored()).toBe(before + 1)
    expect(asked[0]).toBe(`${sandbox.baseUrl}/`)
    expect(await proxy.log()).toContain(`CONNECT 127.0.0.1:${portOf(sandbox.baseUrl)} HTTP/1.1`)
  })

  it('goes direct when the system says DIRECT: the proxy sees nothing', async () => {
    const proxy = await proxyFor([portOf(sandbox.baseUrl)])
    const { token } = await signInAndInsert(sandbox.baseUrl, network({ resolveProxy: async () => 'DIRECT' }))
    expect(token.ok).toBe(true)
    expect(await proxy.log()).not.toContain('CONNECT 127.0.0.1')
  })

  it('a proxy that refuses: code proxy, in plain words, nothing reached payroll, and the queue may retry', async () => {
    const proxy = await proxyFor([1]) // CONNECT allowed to port 1 only
    const dispatcher = network({ resolveProxy: async () => proxy.pacResult })
    const tokensBefore = sandbox.stats.count('POST /authorisation/token')
    const insertsBefore = sandbox.stats.count(INSERT)

    const token = await tokenEndpoint({ baseUrl: sandbox.baseUrl, dispatcher }).passwordGrant(clerk.username, clerk.password)
    const client = createApiClient({ baseUrl: sandbox.baseUrl, dispatcher, auth: fixedAuth({ kind: 'bearer', accessToken: 'x', generation: 1 }) })
    closers.push(() => client.close())
    const insert = await client.insertLeaveRequest(FILE, pendingLeave())

    expect(token).toMatchObject({ ok: false, error: { code: 'proxy', details: { proxyStatus: 403 } } })
    expect(insert).toMatchObject({ ok: false, error: { code: 'proxy' } })
    if (!insert.ok) {
      expect(insert.error.message).toMatch(/proxy server did not pass the request on.*nothing was sent/)
      expect(classifyForQueue(insert.error).kind).toBe('retry')
    }
    expect(sandbox.stats.count('POST /authorisation/token')).toBe(tokensBefore)
    expect(sandbox.stats.count(INSERT)).toBe(insertsBefore)
    expect(await proxy.log()).toMatch(/Refused CONNECT method on port \d+/)
  })

  it('a proxy that cannot be reached: code proxy, not "payroll cannot be reached"', async () => {
    const nowhere = await freePort()
    const dispatcher = network({ resolveProxy: async () => `PROXY 127.0.0.1:${nowhere}` })
    const token = await tokenEndpoint({ baseUrl: sandbox.baseUrl, dispatcher }).passwordGrant(clerk.username, clerk.password)
    expect(token).toMatchObject({ ok: false, error: { code: 'proxy' } })
  })
})

describe('a proxy that demands a Basic sign-in (tinyproxy BasicAuth)', () => {
  const signIn = { username: 'clerk-net', password: 'proxy-pass-1' }

  it('with the sign-in: sign-in and insert pass through it; without: "your proxy needs you to sign in", nothing reached payroll', async () => {
    const proxy = await startTinyproxy({ connectPorts: [portOf(sandbox.baseUrl)], basicAuth: signIn })
    closers.push(() => proxy.close())
    const before = stored()

    const withSignIn = network({ resolveProxy: async () => proxy.pacResult, proxyCredentials: () => signIn })
    const passed = await signInAndInsert(sandbox.baseUrl, withSignIn)
    expect(passed.token.ok).toBe(true)
    expect(passed.insert).toMatchObject({ ok: true })
    expect(stored()).toBe(before + 1)

    const without = network({ resolveProxy: async () => proxy.pacResult })
    const refused = await signInAndInsert(sandbox.baseUrl, without)
    expect(refused.token).toMatchObject({ ok: false, error: { code: 'proxy', details: { cause: 'sign-in', proxyStatus: 407 } } })
    if (!refused.token.ok) expect(refused.token.error.message).toMatch(/^Your proxy needs you to sign in/)
    const wrong = network({ resolveProxy: async () => proxy.pacResult, proxyCredentials: () => ({ ...signIn, password: 'wrong' }) })
    const client = createApiClient({ baseUrl: sandbox.baseUrl, dispatcher: wrong, auth: fixedAuth({ kind: 'bearer', accessToken: 'x', generation: 1 }) })
    closers.push(() => client.close())
    const insert = await client.insertLeaveRequest(FILE, pendingLeave())
    expect(insert).toMatchObject({ ok: false, error: { code: 'proxy', details: { cause: 'sign-in' } } })
    if (!insert.ok) expect(classifyForQueue(insert.error).kind).toBe('retry')
    expect(stored()).toBe(before + 1)
  })
})

describe('the system’s proxy answer', () => {
  it('`PROXY dead; DIRECT`: a proxy that cannot be reached is skipped for DIRECT, as Chromium does; without DIRECT it is a proxy problem', async () => {
    const nowhere = await freePort()
    const fallsBack = await signInAndInsert(sandbox.baseUrl, network({ resolveProxy: async () => `PROXY 127.0.0.1:${nowhere}; DIRECT` }))
    expect(fallsBack.token.ok).toBe(true)
    expect(fallsBack.insert).toMatchObject({ ok: true })
    const mandatory = await signInAndInsert(sandbox.baseUrl, network({ resolveProxy: async () => `PROXY 127.0.0.1:${nowhere}` }))
    expect(mandatory.token).toMatchObject({ ok: false, error: { code: 'proxy' } })
  })

  it('a refusing proxy before DIRECT is not gone around: its refusal stands', async () => {
    const proxy = await proxyFor([1])
    const { token } = await signInAndInsert(sandbox.baseUrl, network({ resolveProxy: async () => `${proxy.pacResult}` }))
    expect(token).toMatchObject({ ok: false, error: { code: 'proxy', details: { proxyStatus: 403 } } })
  })
})

describe('TLS with a CA this test made', () => {
  async function httpsSandbox() {
    const front = await startHttpsFront(sandbox.baseUrl, { key: certificates.serverKey, cert: certificates.serverCert })
    closers.push(() => front.close())
    return front
  }
  const trusting = () => trustedCertificates({ getCACertificates: null, extraCAs: [certificates.caCert] })

  it('trusted through the injected CA list: sign-in and insert work', async () => {
    const front = await httpsSandbox()
    const before = stored()
    const { token, insert } = await signInAndInsert(front.baseUrl, network({ ca: trusting() }))
    expect(token.ok).toBe(true)
    expect(insert).toMatchObject({ ok: true })
    expect(stored()).toBe(before + 1)
  })

  it('not trusted: the certificate code and its plain words, for sign-in and for an insert; nothing stored', async () => {
    const front = await httpsSandbox()
    const dispatcher = network({ ca: trustedCertificates({ getCACertificates: null }) })
    const before = stored()
    const session = createSession({ baseUrl: front.baseUrl, dispatcher, store: createMemoryTokenStore(), now: Date.now })
    closers.push(async () => session.close())

    const signIn = await session.signInWithPassword(clerk.username, clerk.password)
    const client = createApiClient({ baseUrl: front.baseUrl, dispatcher, auth: fixedAuth({ kind: 'bearer', accessToken: 'x', generation: 1 }) })
    closers.push(() => client.close())
    const insert = await client.insertLeaveRequest(FILE, pendingLeave())

    for (const result of [signIn, insert]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'certificate' } })
      if (!result.ok) expect(result.error.message).toMatch(/^This computer does not trust the payroll service's certificate/)
    }
    expect(stored()).toBe(before)
  })

  it('https through the proxy: trusted works (CONNECT in the proxy log); untrusted is a certificate problem, not the proxy', async () => {
    const front = await httpsSandbox()
    const proxy = await proxyFor([front.port])
    const { token } = await signInAndInsert(front.baseUrl, network({ ca: trusting(), resolveProxy: async () => proxy.pacResult }))
    expect(token.ok).toBe(true)
    expect(await proxy.log()).toContain(`CONNECT 127.0.0.1:${front.port} HTTP/1.1`)

    const untrusted = network({ ca: undefined, resolveProxy: async () => proxy.pacResult })
    const refused = await tokenEndpoint({ baseUrl: front.baseUrl, dispatcher: untrusted }).passwordGrant(clerk.username, clerk.password)
    expect(refused).toMatchObject({ ok: false, error: { code: 'certificate' } })
  })
})
