import type { Dispatcher } from 'undici'
import { type ApiError, fail, ok, type ApiResult } from '../../shared/apiError'
import { type TokenResponse, tokenResponseSchema } from '../../shared/apiSchemas'
import { apiUrl } from '../api/apiUrl'
import { classifyExchange } from '../api/classifyExchange'
import { sendHttpRequest } from '../api/sendHttpRequest'
import { CLIENT_HEADERS } from '../api/clientHeaders'

export interface TokenEndpointDeps {
  baseUrl: string
  /** Shared keep-alive agent (its connect timeout applies); tests pass one bound to the sandbox. */
  dispatcher: Dispatcher
  /** Limit on waiting for the answer's headers and, separately, for its body. */
  timeoutMs?: number
  now?: () => number
}

export interface TokenEndpoint {
  /** `POST /authorisation/token`, password grant, scope `full` (the only documented value). */
  passwordGrant(username: string, password: string): Promise<ApiResult<TokenResponse>>
  /** `POST /authorisation/refresh`. */
  refreshGrant(refreshToken: string): Promise<ApiResult<TokenResponse>>
}

const DEFAULT_TIMEOUT_MS = 15_000

/** RFC 6749 §5.2 errors that mean "these credentials are no good", as opposed to a malformed request. */
const REFUSAL_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client'])

const PASSWORD_REFUSED = 'The user name or password is not right.'
const REFRESH_REFUSED = 'The saved sign-in is no longer accepted. Please sign in again.'

/**
 * Outcomes, as shared/apiError codes: `unauthorized` is the server refusing the credentials (wrong
 * password, revoked or expired refresh token) and is the only one that should end a session. Everything
 * else (could not connect, no answer, busy, a payroll error) is read by the API client's own classifier,
 * so a token request and a leave request mean the same by the same answer; only the OAuth error body of
 * a 400/401 is read here.
 */
export function tokenEndpoint(deps: TokenEndpointDeps): TokenEndpoint {
  const now = deps.now ?? Date.now
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS

  async function post(path: string, body: object, refusedMessage: string): Promise<ApiResult<TokenResponse>> {
    const exchange = await sendHttpRequest(deps.dispatcher, {
      method: 'POST',
      url: apiUrl(deps.baseUrl, path),
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs
    })
    if (exchange.kind === 'answer' && (exchange.answer.status === 400 || exchange.answer.status === 401)) {
      return fail(oauthFailure(exchange.answer.status, exchange.answer.body, refusedMessage))
    }
    // A token request changes nothing a clerk would see twice: asking again is harmless, so it is a read.
    const answered = classifyExchange(exchange, now(), false)
    if (!answered.ok) return answered
    const parsed = tokenResponseSchema.safeParse(parseJson(answered.value.body))
    return parsed.success
      ? ok(parsed.data)
      : fail({ code: 'server', status: answered.value.status, message: 'The payroll service sent an answer that could not be read.' })
  }

  return {
    passwordGrant: (username, password) =>
      post('authorisation/token', { grant_type: 'password', username, password, scope: 'full' }, PASSWORD_REFUSED),
    refreshGrant: (refreshToken) =>
      post('authorisation/refresh', { grant_type: 'refresh_token', refresh_token: refreshToken }, REFRESH_REFUSED)
  }
}

/** A 400/401 from a token route: a refusal of the credentials, or a request the server could not accept. */
function oauthFailure(status: number, text: string, refusedMessage: string): ApiError {
  const body = parseJson(text)
  const oauthError =
    typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : undefined
  const details = oauthError === undefined ? {} : { details: { oauthError } }
  if ((oauthError !== undefined && REFUSAL_ERRORS.has(oauthError)) || (status === 401 && oauthError === undefined)) {
    return { code: 'unauthorized', status, message: refusedMessage, ...details }
  }
  return { code: 'validation', status, message: 'The payroll service did not accept the sign-in request.', ...details }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
