import { fail, ok, type ApiResult } from '../../shared/apiError'
import { type TokenResponse } from '../../shared/apiSchemas'
import { parseScope } from '../../shared/scope'
import { type OAuthSession } from './storedSession'

export interface TokenContext {
  username: string
  now: number
  /** The session being refreshed, if any. */
  previous?: OAuthSession
}

/**
 * Turns a token response into the session to keep. The refresh token keeps its original issue time
 * while the server hands the same one back; a rotated one starts a new 12 months. On a refresh, a scope
 * that cannot be read keeps the known files: the new tokens must not be dropped, since the server has
 * already revoked the old access token.
 */
export function oauthSessionFromTokens(response: TokenResponse, context: TokenContext): ApiResult<OAuthSession> {
  const { now, previous } = context
  const scope = parseScope(response.scope)
  if (!scope.ok && previous === undefined) {
    return fail({ code: 'server', message: 'The payroll service sent a list of files that could not be read.' })
  }
  const sameRefreshToken = previous !== undefined && previous.refreshToken === response.refresh_token
  return ok({
    method: 'oauth',
    username: context.username,
    fileIds: scope.ok ? scope.value : (previous?.fileIds ?? []),
    accessToken: response.access_token,
    accessIssuedAt: now,
    accessExpiresAt: now + response.expires_in * 1000,
    refreshToken: response.refresh_token,
    refreshIssuedAt: sameRefreshToken ? previous.refreshIssuedAt : now
  })
}
