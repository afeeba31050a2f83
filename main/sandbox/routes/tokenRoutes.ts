import type { FastifyInstance, FastifyReply } from 'fastify'
import { formatScope } from '../../../shared/scope'
import { secretsMatch } from '../secrets'
import type { SandboxContext } from '../sandboxContext'
import type { CommitFailure } from '../stateCommits'
import type { IssuedTokens } from '../sandboxGrants'

/**
 * `POST /authorisation/token` (password grant) and `POST /authorisation/refresh` (spec §4.2, §4.3).
 * Errors follow RFC 6749 §5.2. Extra body fields (`verification_code`) and query parameters are ignored.
 */
export const TOKEN_PATHS = ['/authorisation/token', '/authorisation/refresh']

export function registerTokenRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post('/authorisation/token', async (request, reply) => {
    const body = request.body
    if (!isGrantBody(body, 'password')) return refuseGrantBody(reply, body, 'password')
    for (const field of ['username', 'password'] as const) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        return oauthError(reply, 'invalid_request', `${field} is required.`)
      }
    }
    const user = findUser(context, body.username as string, body.password as string)
    if (!user) return oauthError(reply, 'invalid_grant', 'The user name or password is incorrect.')
    const tokens = context.tokens.issue(user.username, user.fileIds)
    const saved = await context.commit()
    if (!saved.ok) return notStored(reply, saved.error)
    return tokenResponse(reply, tokens)
  })

  app.post('/authorisation/refresh', async (request, reply) => {
    const body = request.body
    if (!isGrantBody(body, 'refresh_token')) return refuseGrantBody(reply, body, 'refresh_token')
    if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
      return oauthError(reply, 'invalid_request', 'refresh_token is required.')
    }
    const outcome = context.tokens.refresh(body.refresh_token)
    if (!outcome.ok) {
      const reason =
        outcome.reason === 'expired'
          ? 'The refresh token has expired.'
          : outcome.reason === 'reused'
            ? 'This refresh token had already been replaced; as a precaution every token of this sign-in is revoked. Sign in again.'
            : 'The refresh token is not valid (revoked or unknown).'
      return oauthError(reply, 'invalid_grant', reason)
    }
    const saved = await context.commit()
    if (!saved.ok) return notStored(reply, saved.error)
    return tokenResponse(reply, outcome.tokens)
  })
}

function findUser(context: SandboxContext, username: string, password: string) {
  const user = context.users.find((u) => u.username.toLowerCase() === username.trim().toLowerCase())
  // Compare a password even for an unknown user, so the answer takes as long either way.
  const passwordOk = secretsMatch(password, user?.password ?? '\u0000no-such-user')
  return user && passwordOk ? user : null
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-type', 'application/json;charset=UTF-8')
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
}

function tokenResponse(reply: FastifyReply, tokens: IssuedTokens) {
  return noStore(reply)
    .code(200)
    .send(
      JSON.stringify({
        access_token: tokens.accessToken,
        token_type: 'Bearer',
        expires_in: tokens.expiresInSeconds,
        refresh_token: tokens.refreshToken,
        scope: formatScope(tokens.fileIds)
      })
    )
}

/** The tokens were not kept (the change was undone), so the client must not use them: none are sent. */
function notStored(reply: FastifyReply, failure: CommitFailure) {
  return oauthError(reply, 'server_error', failure.message, failure.diskFull ? 507 : 500)
}

export function oauthError(reply: FastifyReply, error: string, description: string, status = 400) {
  return noStore(reply).code(status).send(JSON.stringify({ error, error_description: description }))
}

/** Both endpoints take a JSON object naming their own grant. */
function isGrantBody(body: unknown, grant: string): body is Record<string, unknown> {
  return isObject(body) && body.grant_type === grant
}

/** Why a body is not the JSON object naming `grant`, in RFC 6749's terms. */
function refuseGrantBody(reply: FastifyReply, body: unknown, grant: string) {
  if (!isObject(body)) return oauthError(reply, 'invalid_request', 'The body must be a JSON object.')
  if (body.grant_type === undefined) return oauthError(reply, 'invalid_request', 'grant_type is required.')
  return oauthError(reply, 'unsupported_grant_type', `Only the "${grant}" grant is supported here.`)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
