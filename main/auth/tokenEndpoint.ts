import { type Dispatcher, request } from 'undici'
import { type ApiError, fail, ok, type ApiResult } from '../../shared/apiError'
import { type TokenResponse, tokenResponseSchema } from '../../shared/apiSchemas'
import { apiUrl, statusFailure, transportFailure, unreadableAnswer } from './httpFailure'

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
 * password, revoked or expired refresh token) and is the only one that should end a session; `network`,
 * `unknown-outcome`, `rate-limited`, `unavailable` and `server` say nothing about them.
 */
export function tokenEndpoint(deps: TokenEndpointDeps): TokenEndpoint {
  const now = deps.now ?? Date.now
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS

  async function post(path: string, body: object, refusedMessage: string): Promise<ApiResult<TokenResponse>> {
    let response: Dispatcher.ResponseData
    try {
      response = await request(apiUrl(deps.baseUrl, path), {
        dispatcher: deps.dispatcher,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs
      })
    } catch (error) {
      return fail(transportFailure(error))
    }
    let text: string
    try {
      text = await response.body.text()
    } catch (error) {
      return fail(transportFailure(error))
    }
    return classify(response.statusCode, header(response.headers['retry-after']), text, refusedMessage)
  }

  function classify(status: number, retryAfter: string | undefined, text: string, refusedMessage: string) {
    if (status === 200) {
      const parsed = tokenResponseSchema.safeParse(parseJson(text))
      return parsed.success ? ok(parsed.data) : fail(unreadableAnswer(status))
    }
    if (status === 400 || status === 401) return fail(oauthFailure(status, text, refusedMessage))
    return fail(statusFailure(status, retryAfter, now()))
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

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
