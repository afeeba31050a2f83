import http from 'node:http'
import https from 'node:https'

/**
 * A session partition as Chromium keeps one: its own pool of keep-alive connections (here a Node Agent),
 * shared by nothing else. `closeAllConnections` ends every one of them, in flight or idle, as Electron's does.
 */
export class SessionDouble {
  readonly agent = new http.Agent({ keepAlive: true })
  constructor(
    readonly partition: string,
    private readonly calls: string[] = []
  ) {}
  async closeAllConnections(): Promise<void> {
    this.calls.push(`session.closeAllConnections ${this.partition}`)
    this.agent.destroy()
  }
}

/**
 * Electron's `net.request` (what electron-updater and main's payroll traffic use), carried by Node's
 * http/https: the same ClientRequest shape (`response`, `error`, `abort()`, `end()`), so electron-updater's
 * own HTTP executor, feed parsing and checksum run unchanged under the boot test. A `session` that is a
 * SessionDouble sends over its own connections; `redirect` has no meaning to Node: a 3xx reaches the caller.
 */
export function netRequest(options: Record<string, unknown>): http.ClientRequest {
  const { session, redirect: _redirect, url, ...nodeOptions } = options
  if (session instanceof SessionDouble) nodeOptions.agent = session.agent
  const transport = (nodeOptions.protocol ?? (typeof url === 'string' ? new URL(url).protocol : 'http:')) === 'https:' ? https : http
  return typeof url === 'string' ? transport.request(url, nodeOptions) : transport.request(nodeOptions)
}

/**
 * Electron's `net.fetch` (Chromium's stack), carried by Node's fetch: same Response, redirects left to
 * the caller. `failWith` makes it reject as Chromium does, with a `net::ERR_*` message.
 */
export function netFetch(failWith?: () => string | null) {
  return async (url: string, init: { method: string; headers: Record<string, string>; body?: string | null; redirect: 'manual'; signal: AbortSignal }): Promise<Response> => {
    const failure = failWith?.()
    if (failure) throw new Error(`net::${failure}`)
    return fetch(url, { method: init.method, headers: init.headers, body: init.body ?? null, redirect: init.redirect, signal: init.signal })
  }
}
