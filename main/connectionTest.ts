import { Agent, request, type Dispatcher } from 'undici'
import { ok, type ApiResult } from '../shared/apiError'
import type { ConnectionTest } from '../shared/ipc/connectionTest'
import { errorCodeOf } from './api/classifyTransportError'
import { apiUrl } from './auth/httpFailure'

/**
 * "Test connection" on the settings screen: before the clerk switches to an address, ask its sign-in
 * endpoint a question with no credentials in it (a password grant without user name or password). The
 * payroll API answers that with an OAuth error (RFC 6749 §5.2, a JSON body with `error`); anything else
 * answering is some other web server. No credential is sent, so no sign-in attempt is counted anywhere.
 *
 * A simple version kept apart from main/api and main/auth: the network work (system proxy, the OS trust
 * store) replaces the dispatcher, not this decision.
 */
export interface ConnectionTestDeps {
  /** Default: a fresh agent for this one test, closed afterwards. */
  dispatcher?: Dispatcher
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

export async function testConnection(address: string, deps: ConnectionTestDeps = {}): Promise<ApiResult<ConnectionTest>> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const own = deps.dispatcher ? null : new Agent({ connect: { timeout: timeoutMs } })
  const dispatcher = deps.dispatcher ?? (own as Agent)
  try {
    const response = await request(apiUrl(address, '/authorisation/token'), {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'password' }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs
    })
    const text = await response.body.text()
    return ok(answered(response.statusCode, text))
  } catch (error) {
    return ok(unanswered(errorCodeOf(error)))
  } finally {
    await own?.close().catch(() => undefined)
  }
}

function answered(status: number, text: string): ConnectionTest {
  const looksLikePayroll = status >= 400 && status < 500 && hasOAuthError(text)
  return {
    reachable: true,
    certificateTrusted: true,
    looksLikePayroll,
    message: looksLikePayroll
      ? 'Leave Desk reached the payroll service at this address. You can switch to it and sign in.'
      : 'Something answered at this address, but it does not answer like the payroll service. Check the address.'
  }
}

function hasOAuthError(text: string): boolean {
  try {
    const body = JSON.parse(text) as unknown
    return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
  } catch {
    return false
  }
}

function unanswered(code: string | undefined): ConnectionTest {
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_OSSL/.test(code)) {
    return {
      reachable: true,
      certificateTrusted: false,
      looksLikePayroll: false,
      message:
        "This computer does not trust the payroll service's certificate, so Leave Desk will not send anything there. " +
        'Ask your IT support to install your organisation’s certificate, or check the address.'
    }
  }
  return { reachable: false, certificateTrusted: false, looksLikePayroll: false, message: unreachableMessage(code) }
}

function unreachableMessage(code: string | undefined): string {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'No server by that name could be found. Check the address, and that this computer is online.'
    case 'ECONNREFUSED':
      return 'The server at this address refused the connection. Check the address and its port.'
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'ETIMEDOUT':
      return 'The server at this address did not answer in time. Check the address, or try again later.'
  }
  return 'Leave Desk could not reach this address. Check the address, and that this computer is online.'
}
