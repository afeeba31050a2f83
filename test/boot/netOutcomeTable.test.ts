import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startStoringServer, type StoringServer } from '../../main/api/testSupport/storingServer'
import { createApiClient } from '../../main/api/apiClient'
import { PROXY_SIGN_IN_MESSAGE } from '../../main/api/classifyTransportError'
import { FILE, pendingLeave } from '../../main/api/testSupport/leaveRequests'
import { fixedAuth } from '../../main/api/testSupport/sandboxAuth'
import { createNetworkDispatcher } from '../../main/http/networkDispatcher'
import { PROXY_ANSWER_TIMEOUT_MS } from '../../main/http/proxyAnswer'
import { classifyForQueue } from '../../renderer/src/sync/classifyForQueue'
import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'
import { netRequestFetch, type NetClientRequest, type NetRequest } from '../../main/http/netRequestFetch'
import { createProxySignIn } from '../../main/http/proxySignIn'
import { netFetch, netRequest, SessionDouble } from './netDouble'

/**
 * The app's network (Electron's net.fetch, here the Electron double's: Node's fetch, or Chromium's
 * `net::ERR_*` rejections on demand) through the API client, into the outcome table: whether a write may
 * have reached payroll decides whether the queue may send it again by itself.
 */
const auth = () => fixedAuth({ kind: 'bearer', accessToken: 'token', generation: 1 })
let failure: string | null = null
let fetches = 0
const electronFetch = netFetch(() => (fetches++, failure))

function clientFor(baseUrl: string, resolveProxy?: (url: string) => Promise<string>) {
  const dispatcher = createNetworkDispatcher({ electronFetch, ...(resolveProxy ? { resolveProxy } : {}) })
  return createApiClient({ baseUrl, dispatcher, auth: auth() })
}

let server: StoringServer
beforeAll(async () => {
  server = await startStoringServer()
})
afterAll(() => server.close())
afterEach(() => {
  failure = null
  vi.useRealTimers()
})

describe('Chromium’s network errors in the outcome table', () => {
  it.each([
    ['ERR_NAME_NOT_RESOLVED', 'network', 'retry'],
    ['ERR_CONNECTION_REFUSED', 'network', 'retry'],
    ['ERR_CONNECTION_TIMED_OUT', 'network', 'retry'],
    ['ERR_INTERNET_DISCONNECTED', 'network', 'retry'],
    ['ERR_ADDRESS_UNREACHABLE', 'network', 'retry'],
    ['ERR_SSL_PROTOCOL_ERROR', 'network', 'retry'],
    ['ERR_BAD_SSL_CLIENT_AUTH_CERT', 'network', 'retry'],
    ['ERR_CERT_AUTHORITY_INVALID', 'certificate', 'retry'],
    ['ERR_CERT_DATE_INVALID', 'certificate', 'retry'],
    ['ERR_PROXY_CONNECTION_FAILED', 'proxy', 'retry'],
    ['ERR_TUNNEL_CONNECTION_FAILED', 'proxy', 'retry'],
    ['ERR_PROXY_AUTH_REQUESTED', 'proxy', 'retry'],
    ['ERR_CONNECTION_RESET', 'unknown-outcome', 'uncertain'],
    ['ERR_CONNECTION_CLOSED', 'unknown-outcome', 'uncertain'],
    ['ERR_EMPTY_RESPONSE', 'unknown-outcome', 'uncertain'],
    ['ERR_TIMED_OUT', 'unknown-outcome', 'uncertain'],
    ['ERR_NETWORK_CHANGED', 'unknown-outcome', 'uncertain'],
    ['ERR_HTTP2_PROTOCOL_ERROR', 'unknown-outcome', 'uncertain'],
    ['ERR_A_CODE_CHROMIUM_ADDS_LATER', 'unknown-outcome', 'uncertain']
  ] as const)('net::%s on an insert → %s → %s', async (netError, code, queue) => {
    failure = netError
    const client = clientFor('https://payroll.test')
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    await client.close()
    expect(result).toMatchObject({ ok: false, error: { code } })
    if (!result.ok) {
      expect(classifyForQueue(result.error).kind).toBe(queue)
      expect(result.error.message).not.toMatch(/net::|ERR_/)
    }
  })

  it('a proxy that wants a sign-in nobody gave (Chromium answers 407): "your proxy needs you to sign in", nothing sent', async () => {
    failure = 'ERR_PROXY_AUTH_REQUESTED'
    const client = clientFor('https://payroll.test')
    const refused = await client.insertLeaveRequest(FILE, pendingLeave())
    failure = null
    // Node's fetch turns a 407 into an error (the fetch standard's rule for requests without a window), so
    // Chromium's 407 answer is made by hand here.
    const answered = createApiClient({
      baseUrl: 'https://payroll.test',
      dispatcher: createNetworkDispatcher({ electronFetch: async () => new Response(null, { status: 407 }) }),
      auth: auth()
    })
    const answered407 = await answered.insertLeaveRequest(FILE, pendingLeave())
    await Promise.all([client.close(), answered.close()])
    for (const result of [refused, answered407]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'proxy', message: PROXY_SIGN_IN_MESSAGE } })
      expect(PROXY_SIGN_IN_MESSAGE).toMatch(/^Your proxy needs you to sign in/)
    }
  })

  it('answers travel as before: 201 stored once, 500 and a redirect may have been applied (never followed)', async () => {
    const client = clientFor(server.baseUrl)
    server.stored.length = 0
    for (const [status, code] of [
      [500, 'unknown-outcome'],
      [302, 'unknown-outcome']
    ] as const) {
      server.answerWith(status)
      expect(await client.insertLeaveRequest(FILE, pendingLeave())).toMatchObject({ ok: false, error: { code, status } })
    }
    await client.close()
    expect(server.stored.map((s) => s.method)).toEqual(['POST', 'POST'])
  })
})

describe('the system’s proxy answer, asked first with a time limit', () => {
  it('a resolver that never answers: code proxy within the limit, and the request never left', async () => {
    vi.useFakeTimers()
    fetches = 0
    const client = clientFor('https://payroll.test', () => new Promise<string>(() => {}))
    let result: Awaited<ReturnType<typeof client.insertLeaveRequest>> | undefined
    void client.insertLeaveRequest(FILE, pendingLeave()).then((r) => (result = r))
    await vi.advanceTimersByTimeAsync(PROXY_ANSWER_TIMEOUT_MS - 1)
    expect(result).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(result).toMatchObject({ ok: false, error: { code: 'proxy', details: { cause: 'no-answer' } } })
    if (result && !result.ok) expect(classifyForQueue(result.error).kind).toBe('retry')
    expect(fetches).toBe(0)
    await client.close()
  })

  it('SOCKS only: a clear "not supported", never a way around the proxy', async () => {
    fetches = 0
    const client = clientFor('https://payroll.test', async () => 'SOCKS5 socks.office:1080')
    const result = await client.insertLeaveRequest(FILE, pendingLeave())
    await client.close()
    expect(result).toMatchObject({ ok: false, error: { code: 'proxy', details: { cause: 'unsupported' } } })
    if (!result.ok) expect(result.error.message).toMatch(/SOCKS.*does not support/)
    expect(fetches).toBe(0)
  })
})

/** A ClientRequest as Chromium drives it behind a Basic proxy: 'login' first, then 200 or 407. */
const behindProxy: NetRequest = () => {
    const request = new EventEmitter() as EventEmitter & NetClientRequest
    Object.assign(request, {
      setHeader: () => {},
      write: () => true,
      abort: () => {},
      end: () => {
        request.emit('login', { isProxy: true, scheme: 'basic', host: 'proxy.office', port: 8080, realm: 'Office' }, (username?: string, password?: string) => {
          const passes = username === 'kim' && password === 'secret'
          const response = Object.assign(Readable.from(passes ? ['{"InsertedEntityId":5,"LastModifiedDateUtc":"2026-03-02T00:00:00"}'] : []), {
            statusCode: passes ? 200 : 407,
            statusMessage: '',
            headers: { 'content-type': 'application/json' }
          })
          setImmediate(() => request.emit('response', response))
        })
      }
    })
    return request
  }

describe('the app’s fetch: net.request with its proxy sign-in (netRequestFetch)', () => {
  it('over the double’s net.request (Node’s http): stored once, a redirect handed back, never followed', async () => {
    const fetchOverRequest = netRequestFetch((options) => netRequest(options) as unknown as NetClientRequest, {
      onLogin: (_info, callback) => callback(),
      writesSession: new SessionDouble('writes')
    })
    const client = createApiClient({ baseUrl: server.baseUrl, dispatcher: createNetworkDispatcher({ electronFetch: fetchOverRequest }), auth: auth() })
    server.stored.length = 0
    server.answerWith(200)
    expect(await client.insertLeaveRequest(FILE, pendingLeave())).toMatchObject({ ok: true })
    server.answerWith(302)
    expect(await client.insertLeaveRequest(FILE, pendingLeave())).toMatchObject({ ok: false, error: { code: 'unknown-outcome' } })
    await client.close()
    expect(server.stored.map((s) => s.path)).toEqual(['/Payroll/LeaveRequest', '/Payroll/LeaveRequest'])
  })

  it('a proxy asking for Basic: the clerk’s sign-in is given and the request passes; cancelled, "your proxy needs you to sign in"', async () => {
    for (const [typed, expected] of [
      [{ username: 'kim', password: 'secret' }, { ok: true }],
      [null, { ok: false, error: { code: 'proxy', message: PROXY_SIGN_IN_MESSAGE } }]
    ] as const) {
      const signIn = createProxySignIn({ ask: async () => typed, log: () => {} })
      const fetchBehindProxy = netRequestFetch(behindProxy, { onLogin: (info, callback, session) => signIn.handle(info, callback, session), writesSession: new SessionDouble('writes') })
      const client = createApiClient({ baseUrl: 'https://payroll.test', dispatcher: createNetworkDispatcher({ electronFetch: fetchBehindProxy }), auth: auth() })
      expect(await client.insertLeaveRequest(FILE, pendingLeave())).toMatchObject(expected)
      await client.close()
    }
  })

  it('a read, then a write in the writes’ own session: the clerk signs in to the proxy once, not once per session', async () => {
    let asked = 0
    const signIn = createProxySignIn({ ask: async () => (asked++, { username: 'kim', password: 'secret' }), log: () => {} })
    const fetchBehindProxy = netRequestFetch(behindProxy, { onLogin: (info, callback, session) => signIn.handle(info, callback, session), writesSession: new SessionDouble('writes') })
    const client = createApiClient({ baseUrl: 'https://payroll.test', dispatcher: createNetworkDispatcher({ electronFetch: fetchBehindProxy }), auth: auth() })
    await client.getLeaveRequest(FILE, 5)
    expect(await client.insertLeaveRequest(FILE, pendingLeave())).toMatchObject({ ok: true })
    await client.close()
    expect(asked).toBe(1)
  })

  it('a clerk who takes minutes over the proxy sign-in: the time limit waits for them, and a sign-in never given leaves the write unsent, not Uncertain', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (const [typed, expected] of [
      [{ username: 'kim', password: 'secret' }, { ok: true }],
      [null, { ok: false, error: { code: 'proxy', message: PROXY_SIGN_IN_MESSAGE } }]
    ] as const) {
      let answer: (credentials: typeof typed) => void = () => {}
      const signIn = createProxySignIn({ ask: () => new Promise((resolve) => (answer = resolve)), log: () => {} })
      const fetchBehindProxy = netRequestFetch(behindProxy, { onLogin: (info, callback, session) => signIn.handle(info, callback, session), writesSession: new SessionDouble('writes') })
      const client = createApiClient({ baseUrl: 'https://payroll.test', dispatcher: createNetworkDispatcher({ electronFetch: fetchBehindProxy }), auth: auth() })
      const sending = client.insertLeaveRequest(FILE, pendingLeave())
      // Five minutes at the sign-in window: far past the wait for payroll's answer.
      await vi.advanceTimersByTimeAsync(5 * 60_000)
      answer(typed)
      expect(await sending).toMatchObject(expected)
      await client.close()
    }
  })
})
