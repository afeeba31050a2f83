import http from 'node:http'
import https from 'node:https'

/**
 * Electron's `net.request` (what electron-updater downloads with), carried by Node's http/https: the
 * same ClientRequest shape (`response`, `error`, `abort()`, `end()`), so electron-updater's own HTTP
 * executor, feed parsing and checksum run unchanged under the boot test. Electron-only options
 * (`session`, `redirect`) have no meaning to Node and are dropped; a 3xx simply reaches the caller.
 */
export function netRequest(options: Record<string, unknown>): http.ClientRequest {
  const { session: _session, redirect: _redirect, url, ...nodeOptions } = options
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
