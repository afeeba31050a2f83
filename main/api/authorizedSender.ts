import type { Dispatcher } from 'undici'
import { fail, type ApiError, type ApiResult } from '../../shared/apiError'
import { CONTENT_TYPES, type BodyFormat } from '../../shared/codecs/mediaType'
import type { AuthProvider, RequestAuth } from '../auth/requestAuth'
import type { ApiOutcome } from './apiOutcome'
import { apiBaseUrl, relativePath } from './apiUrl'
import { classifyExchange } from './classifyExchange'
import type { HttpAnswer } from './classifyResponse'
import type { DailyQuotaCounter } from './dailyQuotaCounter'
import type { RateTurn, RequestRateLimiter } from './requestRateLimiter'
import { sendHttpRequest, type HttpRequest } from './sendHttpRequest'
import { CLIENT_HEADERS } from './clientHeaders'

/** One API operation as the client asks for it; the sender adds credentials, limits and classification. */
export interface ApiCall {
  operation: string
  method: HttpRequest['method']
  /** Path below the base URL, e.g. `/Payroll/LeaveRequest/7`. */
  path: string
  /** The file the call is about; null for an account-level call (the file list), which no file's quota counts. */
  fileId: number | null
  query?: Record<string, string>
  /** Already encoded in `format`. */
  body?: string
  /**
   * The asker has gone (its window reloaded): a call still waiting for its turn at the rate limiter is
   * dropped, never sent later. Once it has left, it is not stopped, so its outcome stays observable.
   */
  signal?: AbortSignal
}

export const NOT_SENT_ASKER_GONE_MESSAGE = 'Not sent: the window that asked for it was reloaded.'
/** `details.cause` of that `network` error, so main's log can tell it from a real network failure. */
export const NOT_SENT_ASKER_GONE_CAUSE = 'asker-gone'
const askerGone = () =>
  fail({ code: 'network', message: NOT_SENT_ASKER_GONE_MESSAGE, details: { cause: NOT_SENT_ASKER_GONE_CAUSE } })

export interface AuthorizedSenderOptions {
  baseUrl: string
  auth: AuthProvider
  dispatcher: Dispatcher
  format: BodyFormat
  headersTimeoutMs: number
  bodyTimeoutMs: number
  limiter?: RequestRateLimiter
  quota?: DailyQuotaCounter
  now: () => number
  onOutcome?: (outcome: ApiOutcome) => void
}

const ACCEPT: Record<BodyFormat, string> = { json: 'application/json', xml: 'application/xml' }

/**
 * Sends a call with the session's credentials and turns whatever happens into a Result: a 2xx answer,
 * or an error with its closed code. On 401 it asks the session once for newer credentials and retries
 * once; a second 401 is final, so a broken session can never loop.
 */
export function authorizedSender(options: AuthorizedSenderOptions): (call: ApiCall) => Promise<ApiResult<HttpAnswer>> {
  // Parsed on first use, so a bad address still fails the request (as a Result), not building the client.
  let parsedBase: URL | null = null
  const base = () => (parsedBase ??= apiBaseUrl(options.baseUrl))
  const attempt = async (call: ApiCall, credentials: RequestAuth): Promise<ApiResult<HttpAnswer>> => {
    if (credentials.kind === 'legacy' && call.fileId !== null && credentials.fileId !== call.fileId) {
      return fail({ code: 'forbidden', message: `The access key in use is for file ${credentials.fileId}, not file ${call.fileId}.` })
    }
    if (call.signal?.aborted) return askerGone()
    const fileId = call.fileId
    const taken = options.quota && fileId !== null ? await options.quota.take(fileId) : null
    if (taken && !taken.ok) return taken
    const turn = await turnCame(options.limiter, call.signal, fileId)
    if (!turn) {
      // Only this attempt was waiting: an earlier one (before a 401's retry) did reach the server.
      if (taken?.ok && fileId !== null) await options.quota?.giveBack(fileId, taken.value.day)
      return askerGone()
    }
    let request: HttpRequest
    try {
      request = httpRequestFor(options, base(), call, credentials)
    } catch (error) {
      // Never left: the turn goes back unused (else the limiter stays busy and the office never gets its
      // turns lent), and so does the quota it took.
      if (typeof turn === 'object') turn.unused()
      if (taken?.ok && fileId !== null) await options.quota?.giveBack(fileId, taken.value.day)
      throw error
    }
    let exchange: Awaited<ReturnType<typeof sendHttpRequest>>
    try {
      exchange = await sendHttpRequest(options.dispatcher, request)
    } finally {
      // How long it took tells the limiter how late it may have reached the server (requestRateLimiter.ts);
      // a send that threw may have left, so it counts as answered now, the safe reading.
      if (typeof turn === 'object') turn.answered()
    }
    const result = classifyExchange(exchange, options.now(), call.method !== 'GET')
    // A request that never left the machine did not use up any of the file's quota.
    if (taken?.ok && fileId !== null && !result.ok && result.error.code === 'network') await options.quota?.giveBack(fileId, taken.value.day)
    report(options, call, exchange.kind === 'answer' ? exchange.answer.status : undefined, result)
    return result
  }

  return async (call) => {
    const credentials = await options.auth.current()
    if (!credentials) return fail(signedOut('You are signed out. Sign in to send requests to the payroll service.'))
    const first = await attempt(call, credentials)
    if (first.ok || first.error.code !== 'unauthorized') return first
    const renewed = await options.auth.afterUnauthorized(credentials)
    if (renewed) return attempt(call, renewed)
    // No new credentials: either the session ended (the refresh was refused), or renewing it failed for
    // a passing reason (payroll busy, network) while the clerk is still signed in. Only the first is
    // "signed out"; the second is retried like any unavailable service, or the queue would pause for good.
    if (!options.auth.isSignedIn()) return fail(signedOut('Your session has ended. Sign in again to continue sending.'))
    return fail({ code: 'unavailable', status: 401, message: 'Payroll could not renew the sign-in just now. Sending will be tried again shortly.' })
  }
}

/**
 * Waits for the limiter; false when the asker went away first (checked once more at the last moment),
 * else the limiter's turn (true when there is no limiter, or it gives none).
 */
async function turnCame(limiter: RequestRateLimiter | undefined, signal: AbortSignal | undefined, fileId: number | null): Promise<RateTurn | boolean> {
  let turn: RateTurn | void
  try {
    turn = await limiter?.acquire(signal, fileId)
  } catch (error) {
    if (signal?.aborted) return false
    throw error
  }
  if (signal?.aborted) {
    // Released, never sent: the limiter must not count it as on its way (its office lends its turns when quiet).
    if (turn) turn.unused()
    return false
  }
  return turn ?? true
}

function httpRequestFor(options: AuthorizedSenderOptions, base: URL, call: ApiCall, credentials: RequestAuth): HttpRequest {
  // One URL parse per request against the base parsed once; the query written in one go, in this order.
  const query = new URLSearchParams()
  if (call.fileId !== null) query.set('FileId', String(call.fileId))
  for (const [name, value] of Object.entries(call.query ?? {})) query.set(name, value)
  const headers: Record<string, string> = { ...CLIENT_HEADERS, accept: ACCEPT[options.format] }
  if (credentials.kind === 'bearer') headers.authorization = `Bearer ${credentials.accessToken}`
  else query.set('wsAccessKey', credentials.wsAccessKey)
  if (call.body !== undefined) headers['content-type'] = CONTENT_TYPES[options.format]
  const search = query.size > 0 ? `?${query.toString()}` : ''
  return {
    method: call.method,
    url: new URL(`${relativePath(call.path)}${search}`, base),
    headers,
    ...(call.body !== undefined ? { body: call.body } : {}),
    headersTimeoutMs: options.headersTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs
  }
}

function report(options: AuthorizedSenderOptions, call: ApiCall, status: number | undefined, result: ApiResult<HttpAnswer>): void {
  try {
    options.onOutcome?.({
      operation: call.operation,
      fileId: call.fileId,
      code: result.ok ? 'ok' : result.error.code,
      ...(status !== undefined ? { status } : {})
    })
  } catch {
    // An observer's bug must not change the outcome of the request.
  }
}

function signedOut(message: string): ApiError {
  return { code: 'signed-out', message }
}
