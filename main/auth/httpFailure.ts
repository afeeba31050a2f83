import { type ApiError } from '../../shared/apiError'

/**
 * Plain-words classification of the failures the auth calls share with every API call: the request
 * never got through, or the server answered with a status that says nothing about the credentials.
 * Messages never carry URLs (a legacy key travels in the query string) nor server text.
 */

/** Errors raised before a connection existed: the request certainly did not reach the server. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT'
])

export function transportFailure(error: unknown): ApiError {
  const code = errorCode(error)
  if (code !== undefined && NOT_CONNECTED_CODES.has(code)) {
    return { code: 'network', message: 'Could not reach the payroll service. Check the connection and try again.' }
  }
  return {
    code: 'unknown-outcome',
    message: 'The payroll service did not answer completely. Try again.',
    ...(code === undefined ? {} : { details: { transportError: code } })
  }
}

/** A status that is neither success nor a verdict on the credentials. */
export function statusFailure(status: number, retryAfter: string | undefined, now: number): ApiError {
  const retryAfterMs = parseRetryAfter(retryAfter, now)
  const wait = retryAfterMs === undefined ? {} : { retryAfterMs }
  if (status === 429) {
    return { code: 'rate-limited', status, message: 'The payroll service is busy. Try again shortly.', ...wait }
  }
  if (status === 503) {
    return { code: 'unavailable', status, message: 'The payroll service is unavailable right now. Try again later.', ...wait }
  }
  if (status === 404) {
    return { code: 'not-found', status, message: 'The payroll service address looks wrong: the page was not found.' }
  }
  if (status === 403) {
    return { code: 'forbidden', status, message: 'The payroll service refused access to this file.' }
  }
  return { code: 'server', status, message: `The payroll service had a problem (HTTP ${status}). Try again later.` }
}

export function unreadableAnswer(status: number): ApiError {
  return { code: 'server', status, message: 'The payroll service sent an answer that could not be read.' }
}

/** Retry-After is either delay-seconds or an HTTP-date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The first string `code` along the error's cause chain (undici wraps socket errors). */
function errorCode(error: unknown): string | undefined {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Joins a path onto the configured base URL whether or not it ends in a slash or carries a path. */
export function apiUrl(baseUrl: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
}
