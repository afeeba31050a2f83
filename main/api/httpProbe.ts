import type { Dispatcher } from 'undici'
import { sendHttpRequest } from './sendHttpRequest'
import { CLIENT_HEADERS } from './clientHeaders'

/**
 * The connectivity probe: a GET of the base URL without credentials. Any HTTP answer, even 401 or 404,
 * proves the server can be reached; only a failure to get an answer counts as unreachable. It carries
 * no FileId, so it does not count against a file's daily quota.
 */
export function httpProbe(options: { baseUrl: string; dispatcher: Dispatcher; timeoutMs?: number }): () => Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? 5000
  return async () => {
    try {
      const exchange = await sendHttpRequest(options.dispatcher, {
        method: 'GET',
        url: new URL(options.baseUrl),
        headers: { ...CLIENT_HEADERS, accept: '*/*' },
        headersTimeoutMs: timeoutMs,
        bodyTimeoutMs: timeoutMs
      })
      return exchange.kind === 'answer'
    } catch {
      return false // an unusable base URL reaches nothing
    }
  }
}
