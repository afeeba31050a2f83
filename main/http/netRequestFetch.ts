import { Readable } from 'node:stream'
import type { ElectronFetch } from './electronNetDispatcher'
import { WRITES_PARTITION, type WritesSession } from './writeConnections'

/** The part of Electron's `ClientRequest` (net.request) this uses. */
export interface NetClientRequest {
  setHeader(name: string, value: string): void
  on(event: 'response', listener: (response: NetIncomingMessage) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'login', listener: (authInfo: ProxyAuthInfo, callback: (username?: string, password?: string) => void) => void): unknown
  on(event: 'redirect', listener: (statusCode: number, method: string, redirectUrl: string, headers: Record<string, string[]>) => void): unknown
  write(chunk: string): unknown
  end(): unknown
  abort(): void
}

export interface NetIncomingMessage extends NodeJS.ReadableStream {
  statusCode: number
  statusMessage: string
  headers: Record<string, string | string[]>
}

export interface ProxyAuthInfo {
  isProxy: boolean
  scheme: string
  host: string
  port: number
  realm: string
}

/** `session` absent: Electron's default session, whose connections are kept alive and reused. */
export type NetRequest = (options: { method: string; url: string; redirect: 'manual'; session?: WritesSession }) => NetClientRequest

export interface NetRequestSetup {
  /** Answers a proxy's sign-in (proxySignIn.ts); `session` is WRITES_PARTITION for a write, else 'default'. */
  onLogin: (authInfo: ProxyAuthInfo, callback: (username?: string, password?: string) => void, session: string) => void
  /** The writes' own partition, `session.fromPartition(WRITES_PARTITION)` (writeConnections.ts). */
  writesSession: WritesSession
}

/**
 * net.fetch's shape over Electron's `net.request`, because a request from main reaches a proxy's sign-in
 * only through its ClientRequest's 'login' event (net.fetch cancels every sign-in, and app 'login' is
 * for pages): `onLogin` answers it. Same Chromium stack otherwise; redirects are handed back, never
 * followed; Chromium's `net::ERR_*` errors reject as they come (chromiumNetErrors.ts reads them).
 * A request that asks for its own connection (a write, sent in its turn by the dispatcher) goes in the
 * writes' partition once every connection there is closed, and asks the server to close after it.
 */
export function netRequestFetch(request: NetRequest, setup: NetRequestSetup): ElectronFetch {
  const { onLogin, writesSession } = setup
  return async (url, init) => {
    // Should closing fail, the write is not sent, and counts as "may have been sent": the safe side.
    // Closing that never ends must not hold this write, and every write after it, for ever: the write's
    // own time limit (its signal) still ends it.
    if (init.ownConnection) await untilAborted(writesSession.closeAllConnections(), init.signal)
    return new Promise<Response>((resolve, reject) => {
      if (init.signal.aborted) return reject(init.signal.reason)
      const sent = request({ method: init.method, url, redirect: 'manual', ...(init.ownConnection ? { session: writesSession } : {}) })
      init.signal.addEventListener('abort', () => (sent.abort(), reject(init.signal.reason)), { once: true })
      for (const [name, value] of Object.entries(init.headers)) sent.setHeader(name, value)
      if (init.ownConnection) sent.setHeader('Connection', 'close')
      sent.on('login', (authInfo, callback) => {
        init.onProxySignIn?.(true)
        onLogin(
          authInfo,
          (username, password) => {
            init.onProxySignIn?.(false)
            callback(username, password)
          },
          init.ownConnection ? WRITES_PARTITION : 'default'
        )
      })
      sent.on('redirect', (statusCode, _method, _to, headers) => {
        resolve(new Response(null, { status: statusCode, headers: Object.entries(headers).map(([name, values]) => [name, values.join(', ')] as [string, string]) }))
        sent.abort()
      })
      sent.on('response', (response) => {
        const headers = Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value] as [string, string])
        const empty = [101, 204, 205, 304].includes(response.statusCode)
        const body = empty ? null : (Readable.toWeb(Readable.from(response)) as ReadableStream<Uint8Array>)
        resolve(new Response(body, { status: response.statusCode, statusText: response.statusMessage, headers }))
      })
      sent.on('error', reject)
      if (init.body) sent.write(init.body)
      sent.end()
    })
  }
}

/** `work`, or the signal's reason once it is aborted, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
