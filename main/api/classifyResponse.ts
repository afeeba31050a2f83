import type { ApiError, ApiErrorCode } from '../../shared/apiError'
import { parseErrorBody } from './parseErrorBody'
import { retryAfterMsFrom } from './retryAfter'

/** A complete HTTP answer: the server read the request and replied. */
export interface HttpAnswer {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** The live API's sentence for a stale PUT; it arrives with 400 or 409 and always means a conflict. */
const STALE_RECORD = 'record to be updated has changed since last read'

/**
 * THE TABLE: what an answer to a WRITE (insert or update) says about whether payroll may have applied it.
 * The API has no idempotency key, so only an answer that says "not applied" may be retried by the queue;
 * anything that may have been applied is `unknown-outcome` (Uncertain: the clerk checks before sending
 * again). Tested row by row against a server that stores the request and then answers the status
 * (classifyResponse.writes.test.ts), and against the sandbox's faults where it has them.
 *
 * | answer                                   | applied?       | code              | queue                         |
 * |------------------------------------------|----------------|-------------------|-------------------------------|
 * | 2xx                                      | yes            | (success)         | synced                        |
 * | 1xx left over, any 3xx (never followed)  | maybe          | unknown-outcome   | Uncertain (303 often = made)  |
 * | 400, 405, 413, 415, 422 and other 4xx    | no (refused)   | validation        | Needs attention               |
 * | 400/409 "record … changed since …", 409  | no             | conflict          | Needs attention               |
 * | 401 (after the sender's one renewal)     | no             | unauthorized      | pause: sign in                |
 * | 403                                      | no             | forbidden         | Needs attention               |
 * | 404, 410                                 | no             | not-found         | Needs attention               |
 * | 408 request timeout                      | no (not read)  | unavailable       | retry                         |
 * | 429 too many requests                    | no             | rate-limited      | retry after Retry-After       |
 * | 503 service unavailable                  | no             | unavailable       | retry after Retry-After       |
 * | 501 not implemented, 505 version         | no             | misconfigured     | Needs attention (settings)    |
 * | 500, 502, 504, 507 and every other 5xx   | maybe          | unknown-outcome   | Uncertain                     |
 *
 * Transport failures (classifyTransportError): nothing started to go out (connection refused, name not
 * found, TLS refused before sending) → `network` (retry); started but no complete answer → unknown-outcome.
 *
 * A READ changes nothing, so reading again is always safe: for reads 5xx and 3xx stay `server`.
 */
const WRITE_NOT_APPLIED_5XX: ReadonlySet<number> = new Set([503])
const MISCONFIGURED: ReadonlySet<number> = new Set([501, 505])

/**
 * The closed error code for an HTTP answer, or null when it is a success (any 2xx: the live API answers
 * an insert with 200, a proxy might say 201 or 204). The code decides what the sync queue does next.
 */
export function classifyResponse(answer: HttpAnswer, nowMs: number, isWrite = false): ApiError | null {
  const { status } = answer
  if (status >= 200 && status <= 299) return null
  if (MISCONFIGURED.has(status)) return misconfigured(status)
  if (isWrite && mayHaveBeenApplied(status)) return uncertain(status)
  const contentType = headerValue(answer.headers, 'content-type')
  const parsed = parseErrorBody(status, contentType, answer.body)
  const code = codeFor(status, answer.body)
  const retryAfterMs = retryAfterMsFrom(headerValue(answer.headers, 'retry-after'), nowMs)
  return {
    code,
    message: parsed.message,
    status,
    ...(retryAfterMs !== undefined && (code === 'rate-limited' || code === 'unavailable') ? { retryAfterMs } : {}),
    ...(parsed.fieldIssues.length > 0 && (code === 'validation' || code === 'conflict') ? { fieldIssues: parsed.fieldIssues } : {})
  }
}

/** Every answer to a write that is not a refusal before processing (see the table). */
function mayHaveBeenApplied(status: number): boolean {
  if (status < 200 || (status >= 300 && status <= 399)) return true
  return status >= 500 && !WRITE_NOT_APPLIED_5XX.has(status)
}

function uncertain(status: number): ApiError {
  const why =
    status >= 300 && status <= 399
      ? `payroll answered with a redirect (HTTP ${status}), which Leave Desk does not follow for a request that changes payroll`
      : status >= 500
        ? `payroll, or a gateway in front of it, reported a failure (HTTP ${status}) after receiving it`
        : `payroll gave an unexpected answer (HTTP ${status})`
  return {
    code: 'unknown-outcome',
    status,
    message: `The request reached payroll, but ${why}, so it may or may not have been saved. Check payroll before sending it again.`
  }
}

function misconfigured(status: number): ApiError {
  return {
    code: 'misconfigured',
    status,
    message: `The payroll address in Settings does not behave like the payroll service: it cannot handle this kind of request (HTTP ${status}). Nothing was saved. Check the address, or ask your IT support.`
  }
}

function codeFor(status: number, body: string): ApiErrorCode {
  if ((status === 400 || status === 409) && body.toLowerCase().includes(STALE_RECORD)) return 'conflict'
  switch (status) {
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
    case 410:
      return 'not-found'
    case 409:
      return 'conflict'
    case 408: // the server gave up waiting for our request, so it did not act on it
      return 'unavailable'
    case 429:
      return 'rate-limited'
    case 503:
      return 'unavailable'
  }
  if (status >= 500) return 'server'
  // Any other refusal (400, 422, 413, 405 …) means this request as it is will not be accepted: the clerk
  // has to look at it, so it counts as a validation failure.
  if (status >= 400) return 'validation'
  // 1xx leftovers and 3xx on a read (redirects are not followed): the server answered, but not with a result.
  return 'server'
}

export function headerValue(headers: HttpAnswer['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
