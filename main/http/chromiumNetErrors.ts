import { proxyFailure } from './proxyFailure'

/**
 * Chromium's network errors (`net::ERR_*`, what Electron's net.fetch rejects with), sorted by the one
 * question the outcome table asks: may any of the request have reached the server? Only errors that
 * happen before a connection to the server carries the request count as "never sent"; everything else,
 * and any error not listed, counts as "may have been sent", so the queue never re-sends it by itself.
 * Each is given the Node/undici code the classifier already words for the clerk (classifyTransportError).
 */
type Kind = 'never-sent' | 'certificate' | 'proxy' | 'proxy-sign-in'

const NEVER_SENT: Record<string, { kind: Kind; nodeCode?: string }> = {
  ERR_NAME_NOT_RESOLVED: { kind: 'never-sent', nodeCode: 'ENOTFOUND' },
  ERR_NAME_RESOLUTION_FAILED: { kind: 'never-sent', nodeCode: 'EAI_AGAIN' },
  ERR_INTERNET_DISCONNECTED: { kind: 'never-sent', nodeCode: 'ENETDOWN' },
  ERR_ADDRESS_UNREACHABLE: { kind: 'never-sent', nodeCode: 'EHOSTUNREACH' },
  ERR_NETWORK_ACCESS_DENIED: { kind: 'never-sent', nodeCode: 'ENETUNREACH' },
  ERR_CONNECTION_REFUSED: { kind: 'never-sent', nodeCode: 'ECONNREFUSED' },
  ERR_CONNECTION_TIMED_OUT: { kind: 'never-sent', nodeCode: 'ETIMEDOUT' },
  ERR_CONNECTION_FAILED: { kind: 'never-sent', nodeCode: 'ECONNREFUSED' },
  ERR_BLOCKED_BY_ADMINISTRATOR: { kind: 'never-sent' },
  ERR_SSL_PROTOCOL_ERROR: { kind: 'never-sent' },
  ERR_SSL_VERSION_OR_CIPHER_MISMATCH: { kind: 'never-sent' },
  ERR_SSL_CLIENT_AUTH_CERT_NEEDED: { kind: 'never-sent', nodeCode: 'ERR_TLS_CLIENT_AUTH' },
  ERR_BAD_SSL_CLIENT_AUTH_CERT: { kind: 'never-sent', nodeCode: 'ERR_TLS_CLIENT_AUTH' },
  ERR_CERT_AUTHORITY_INVALID: { kind: 'certificate' },
  ERR_CERT_COMMON_NAME_INVALID: { kind: 'certificate' },
  ERR_CERT_DATE_INVALID: { kind: 'certificate' },
  ERR_CERT_INVALID: { kind: 'certificate' },
  ERR_CERT_REVOKED: { kind: 'certificate' },
  ERR_CERT_WEAK_KEY: { kind: 'certificate' },
  ERR_CERTIFICATE_TRANSPARENCY_REQUIRED: { kind: 'certificate' },
  ERR_PROXY_CONNECTION_FAILED: { kind: 'proxy' },
  ERR_TUNNEL_CONNECTION_FAILED: { kind: 'proxy' },
  ERR_MANDATORY_PROXY_CONFIGURATION_FAILED: { kind: 'proxy' },
  ERR_PROXY_CERTIFICATE_INVALID: { kind: 'proxy' },
  ERR_SOCKS_CONNECTION_FAILED: { kind: 'proxy' },
  ERR_PROXY_AUTH_REQUESTED: { kind: 'proxy-sign-in' },
  ERR_PROXY_AUTH_UNSUPPORTED: { kind: 'proxy-sign-in' },
  ERR_PROXY_AUTH_REQUESTED_WITH_NO_CONNECTION: { kind: 'proxy-sign-in' }
}

/** Node codes for the common "may have been sent" errors, for the clerk's wording. */
const MAY_HAVE_BEEN_SENT: Record<string, string> = {
  ERR_CONNECTION_RESET: 'ECONNRESET',
  ERR_CONNECTION_CLOSED: 'UND_ERR_SOCKET',
  ERR_CONNECTION_ABORTED: 'UND_ERR_SOCKET',
  ERR_EMPTY_RESPONSE: 'UND_ERR_SOCKET',
  ERR_TIMED_OUT: 'UND_ERR_HEADERS_TIMEOUT',
  ERR_NETWORK_CHANGED: 'UND_ERR_SOCKET'
}

export interface MappedNetError {
  error: Error
  /** Whether the request may have reached the server (HttpExchange's `requestStarted`). */
  requestStarted: boolean
}

/** The `net::ERR_*` name in an error (its message or its cause's), or null. */
export function chromiumNetError(error: unknown): string | null {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    const match = /net::(ERR_[A-Z0-9_]+)/.exec(String((current as { message?: unknown }).message ?? ''))
    if (match?.[1]) return match[1]
    current = (current as { cause?: unknown }).cause
  }
  return null
}

export function mapChromiumNetError(error: unknown): MappedNetError {
  const name = chromiumNetError(error) ?? 'ERR_UNKNOWN'
  const known = NEVER_SENT[name]
  const cause = error instanceof Error ? error : new Error(String(error))
  if (!known) return { error: withCode(cause, MAY_HAVE_BEEN_SENT[name] ?? name, name), requestStarted: true }
  switch (known.kind) {
    case 'proxy':
      return { error: proxyFailure('The proxy did not pass the request on.', 'refused', { cause: withCode(cause, name, name) }), requestStarted: false }
    case 'proxy-sign-in':
      return { error: proxyFailure('The proxy asks for a sign-in.', 'sign-in', { cause: withCode(cause, name, name), proxyStatus: 407 }), requestStarted: false }
    default:
      return { error: withCode(cause, known.nodeCode ?? name, name), requestStarted: false }
  }
}

function withCode(cause: Error, code: string, netError: string): Error {
  return Object.assign(new Error(`Chromium: net::${netError}`, { cause }), { code, netError })
}
