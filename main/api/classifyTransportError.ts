import type { ApiError } from '../../shared/apiError'
import { codesAlong, isCertificateFailure } from '../http/networkDispatcher'
import { proxyFailureIn, type ProxyProblem } from '../http/proxyFailure'

export const CERTIFICATE_MESSAGE =
  "This computer does not trust the payroll service's certificate, so nothing was sent. If your office checks secure connections, ask your IT support to add its certificate to this computer's trusted certificates, then try again."
export const PROXY_MESSAGE =
  "Your network's proxy server did not pass the request on to the payroll service (it refused, or could not be reached), so nothing was sent. Check this computer's proxy settings, or ask your IT support."
export const PROXY_SIGN_IN_MESSAGE =
  'Your proxy needs you to sign in before Leave Desk can reach the payroll service, so nothing was sent. Sign in with your network user name and password when asked, or ask your IT support.'
const PROXY_MESSAGES: Record<ProxyProblem, string> = {
  refused: PROXY_MESSAGE,
  'sign-in': PROXY_SIGN_IN_MESSAGE,
  'no-answer':
    "This computer's proxy settings did not say in time how to reach the payroll service, so nothing was sent. Leave Desk will try again; if this keeps happening, ask your IT support.",
  unsupported:
    "This computer's proxy settings only allow a kind of proxy (SOCKS) that Leave Desk does not support, so nothing was sent. Ask your IT support."
}

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
    // Before the request started: the server's certificate first (it may fail through a proxy too).
    if (isCertificateFailure(error)) {
      return { code: 'certificate', message: CERTIFICATE_MESSAGE, details: { cause: codesAlong(error).at(-1) ?? 'unknown' } }
    }
    const proxy = proxyFailureIn(error)
    if (proxy) {
      const proxyStatus = proxy.proxyStatus
      return {
        code: 'proxy',
        message: PROXY_MESSAGES[proxy.proxyProblem],
        details: { cause: proxy.proxyProblem === 'refused' ? (codesAlong(error).at(-1) ?? 'unknown') : proxy.proxyProblem, ...(typeof proxyStatus === 'number' ? { proxyStatus } : {}) }
      }
    }
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
  if (code && /TLS|SSL/.test(code)) return 'the secure connection could not be set up'
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
  return codesAlong(error)[0]
}
