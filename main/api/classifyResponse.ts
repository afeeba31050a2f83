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
 * Gateway answers to a write: a proxy forwarded the request and then lost (502) or gave up waiting for
 * (504) payroll's answer, so payroll may well have stored it. Retrying would risk a silent duplicate; the
 * queue must treat it like a lost answer. A 500 is payroll itself saying it failed, so it stays retryable.
 */
const WRITE_MAY_HAVE_LANDED = new Set([502, 504])

/**
 * The closed error code for an HTTP answer, or null when it is a success (any 2xx: the live API answers
 * an insert with 200, a proxy might say 201 or 204). The code decides what the sync queue does next.
 */
export function classifyResponse(answer: HttpAnswer, nowMs: number, isWrite = false): ApiError | null {
  const { status } = answer
  if (status >= 200 && status <= 299) return null
  const contentType = headerValue(answer.headers, 'content-type')
  const parsed = parseErrorBody(status, contentType, answer.body)
  if (isWrite && WRITE_MAY_HAVE_LANDED.has(status)) {
    return {
      code: 'unknown-outcome',
      status,
      message: `A gateway answered ${status} after passing the request on, so payroll may or may not have stored it.`
    }
  }
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
  // 1xx leftovers and 3xx (redirects are not followed): the server answered, but not with a result.
  return 'server'
}

export function headerValue(headers: HttpAnswer['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
