import { DIRECT, proxyRouteFrom, type ProxyRoute } from './proxyRoute'

/**
 * How long the system may take to say which proxy to use (a PAC/WPAD script that is fetched and run).
 * One that never answers would otherwise hold sign-in, checks and every write in main forever, and a write
 * admitted but never sent would turn Uncertain at quit.
 */
export const PROXY_ANSWER_TIMEOUT_MS = 10_000

export type ProxyAnswer = ProxyRoute | { kind: 'no-answer' }

/**
 * The route for `url`, or `no-answer` when the resolver has not answered within the time limit. A
 * resolver that fails (rejects or throws) tells us nothing about a proxy: direct, as Chromium does.
 */
export function askForRoute(
  resolveProxy: (url: string) => Promise<string>,
  url: string,
  timeoutMs = PROXY_ANSWER_TIMEOUT_MS
): Promise<ProxyAnswer> {
  const answer = Promise.resolve()
    .then(() => resolveProxy(url))
    .then(proxyRouteFrom, () => DIRECT)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<ProxyAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'no-answer' }), timeoutMs)
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}
