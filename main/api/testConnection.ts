import type { Dispatcher } from 'undici'
import { apiUrl } from './apiUrl'
import { classifyTransportError } from './classifyTransportError'
import { sendHttpRequest } from './sendHttpRequest'
import { CLIENT_HEADERS } from './clientHeaders'

/** What the settings screen's "Test connection" tells the clerk about an address. */
export interface ConnectionReport {
  /** Something answered there (over TLS: the handshake got as far as the certificate). */
  reachable: boolean
  /** Its certificate is trusted by this computer (an http address on this computer needs none). */
  certificateTrusted: boolean
  /** The token endpoint answered the way the payroll API's does. */
  looksLikePayroll: boolean
  message: string
}

/**
 * Asks the address's token endpoint a question without credentials (a request with no grant), which the
 * payroll API answers with an OAuth error (RFC 6749 §5.2: 400 and `{ "error": "invalid_request" }`).
 * No sign-in is attempted, so no account can be locked, and nothing is stored anywhere.
 */
export async function testConnection(address: string, dispatcher: Dispatcher, timeoutMs = 10_000): Promise<ConnectionReport> {
  const exchange = await sendHttpRequest(dispatcher, {
    method: 'POST',
    url: apiUrl(address, 'authorisation/token'),
    headers: { ...CLIENT_HEADERS, 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs
  })
  if (exchange.kind === 'failed') {
    const error = classifyTransportError(exchange.error, exchange.requestStarted, false)
    if (error.code === 'certificate') {
      return { reachable: true, certificateTrusted: false, looksLikePayroll: false, message: error.message }
    }
    const message =
      error.code === 'proxy'
        ? error.message
        : `Could not reach ${new URL(address).host}. Check the address and this computer's network connection.`
    return { reachable: false, certificateTrusted: false, looksLikePayroll: false, message }
  }
  const { status, body } = exchange.answer
  if (isOAuthError(status, body)) {
    return { reachable: true, certificateTrusted: true, looksLikePayroll: true, message: 'Connected: the payroll service answered as expected.' }
  }
  const redirect = status >= 300 && status <= 399 ? ' It sends Leave Desk elsewhere: enter the address it points to.' : ''
  return {
    reachable: true,
    certificateTrusted: true,
    looksLikePayroll: false,
    message: `Something answers at this address, but not like the payroll service (HTTP ${status}).${redirect} Check the address.`
  }
}

function isOAuthError(status: number, body: string): boolean {
  if (status !== 400 && status !== 401) return false
  try {
    const parsed: unknown = JSON.parse(body)
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string'
  } catch {
    return false
  }
}
