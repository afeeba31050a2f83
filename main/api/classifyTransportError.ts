import type { ApiError } from '../../shared/apiError'

/**
 * The request failed without a complete HTTP answer. What matters is whether any of it may have reached
 * the server: `requestStarted` is true once the dispatcher began writing the request on a connected
 * socket. Before that nothing was sent, so the queue may retry on its own (`network`). After it the server
 * may have stored the leave request, and a blind retry could create a duplicate (`unknown-outcome`).
 * `isWrite` only changes the advice in the message: a read that got no answer is harmless to repeat.
 */
export function classifyTransportError(error: unknown, requestStarted: boolean, isWrite = true): ApiError {
  const code = errorCodeOf(error)
  if (!requestStarted) {
    return {
      code: 'network',
      message: `Could not reach the payroll service: ${connectReason(code)}. Nothing was sent.`,
      details: { cause: code ?? 'unknown' }
    }
  }
  // A read changes nothing on the server, so only a write needs the clerk's attention before a retry.
  const consequence = isWrite ? 'It may or may not have been saved; check before sending it again.' : 'Try again.'
  return {
    code: 'unknown-outcome',
    message: `The request was sent, but ${answerReason(code)}. ${consequence}`,
    details: { cause: code ?? 'unknown' }
  }
}

function connectReason(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the server name could not be found'
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return 'connecting took too long'
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'ENETDOWN':
      return 'the network is unreachable'
  }
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return "the server's certificate was not accepted"
  return 'the connection failed'
}

function answerReason(code: string | undefined): string {
  switch (code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
      return 'no answer came back in time'
    case 'UND_ERR_BODY_TIMEOUT':
      return 'the answer stopped arriving'
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was cut before the answer arrived'
  }
  return 'no complete answer came back'
}

/** Node and undici put the code on the error, on its cause, or on the first of an AggregateError's errors. */
export function errorCodeOf(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    const candidate = current as { code?: unknown; cause?: unknown; errors?: unknown }
    if (typeof candidate.code === 'string') return candidate.code
    current = candidate.cause ?? (Array.isArray(candidate.errors) ? candidate.errors[0] : undefined)
  }
  return undefined
}
