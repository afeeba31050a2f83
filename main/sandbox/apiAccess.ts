import { simpleProblem, fieldProblem, type ProblemDetails } from './problems'
import { secretsMatch } from './secrets'
import type { SandboxGrants } from './sandboxGrants'

/**
 * Who may touch which file (spec §5): a Bearer token works for the files in its scope, a legacy
 * `wsAccessKey` only for its own file. The outcome is the file to operate on, or the problem to answer.
 */
export type AccessOutcome =
  | { ok: true; fileId: number; username?: string }
  | { ok: false; problem: ProblemDetails; wwwAuthenticate?: string }

export interface AccessContext {
  tokens: SandboxGrants
  legacyKeys: readonly { wsAccessKey: string; fileId: number }[]
}

const CHALLENGE = 'Bearer realm="leave-api"'
const INVALID_TOKEN = 'Bearer realm="leave-api", error="invalid_token"'

/** `query` has lower-cased parameter names (the sandbox parses them so). */
export function checkAccess(
  context: AccessContext,
  authorization: string | undefined,
  query: Record<string, string | undefined>
): AccessOutcome {
  if (authorization !== undefined) return bearerAccess(context, authorization, query)
  if (query.wsaccesskey !== undefined) return legacyAccess(context, query.wsaccesskey, query)
  return unauthorized('Sign in: send "Authorization: Bearer <access token>", or the wsAccessKey and FileId query parameters.', CHALLENGE)
}

function bearerAccess(context: AccessContext, authorization: string, query: Record<string, string | undefined>): AccessOutcome {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)
  if (!match?.[1]) return unauthorized('The Authorization header must be "Bearer <access token>".', INVALID_TOKEN)
  const token = context.tokens.authenticate(match[1])
  if (!token.ok) {
    const detail = token.reason === 'expired' ? 'The access token has expired.' : 'The access token is not valid (revoked or unknown).'
    return unauthorized(detail, INVALID_TOKEN)
  }
  const fileId = fileIdOf(query)
  if (!fileId.ok) return fileId
  if (!token.fileIds.includes(fileId.fileId)) {
    return forbidden(`This access token does not give access to file ${fileId.fileId}.`)
  }
  return { ...fileId, username: token.username }
}

function legacyAccess(context: AccessContext, key: string, query: Record<string, string | undefined>): AccessOutcome {
  const fileId = fileIdOf(query)
  if (!fileId.ok) return fileId
  const known = context.legacyKeys.find((k) => secretsMatch(key, k.wsAccessKey))
  if (!known) return unauthorized('The wsAccessKey is not valid.', CHALLENGE)
  if (known.fileId !== fileId.fileId) return forbidden(`This wsAccessKey does not give access to file ${fileId.fileId}.`)
  return fileId
}

/**
 * Access to the account rather than one file (`GET /FileIdentities`): which files the caller may open.
 * A token's scope lists them; a legacy key opens its own file only. No FileId is needed.
 */
export type AccountAccess = { ok: true; fileIds: number[] } | { ok: false; problem: ProblemDetails; wwwAuthenticate?: string }

export function checkAccountAccess(context: AccessContext, authorization: string | undefined, query: Record<string, string | undefined>): AccountAccess {
  if (authorization !== undefined) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)
    if (!match?.[1]) return unauthorized('The Authorization header must be "Bearer <access token>".', INVALID_TOKEN)
    const token = context.tokens.authenticate(match[1])
    if (!token.ok) return unauthorized(token.reason === 'expired' ? 'The access token has expired.' : 'The access token is not valid (revoked or unknown).', INVALID_TOKEN)
    return { ok: true, fileIds: token.fileIds }
  }
  if (query.wsaccesskey !== undefined) {
    const known = context.legacyKeys.find((k) => secretsMatch(query.wsaccesskey ?? '', k.wsAccessKey))
    return known ? { ok: true, fileIds: [known.fileId] } : unauthorized('The wsAccessKey is not valid.', CHALLENGE)
  }
  return unauthorized('Sign in: send "Authorization: Bearer <access token>", or the wsAccessKey query parameter.', CHALLENGE)
}

export function fileIdOf(query: Record<string, string | undefined>): AccessOutcome {
  const raw = query.fileid
  if (raw === undefined || raw === '') {
    return { ok: false, problem: fieldProblem('FileId', 'The FileId query parameter is required.') }
  }
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    return { ok: false, problem: fieldProblem('FileId', 'FileId must be a positive whole number.') }
  }
  return { ok: true, fileId: Number(raw) }
}

function unauthorized(detail: string, wwwAuthenticate: string): { ok: false; problem: ProblemDetails; wwwAuthenticate: string } {
  return { ok: false, problem: simpleProblem(401, 'unauthorized', 'Unauthorized', detail), wwwAuthenticate }
}

function forbidden(detail: string): AccessOutcome {
  return { ok: false, problem: simpleProblem(403, 'forbidden', 'Forbidden', detail) }
}
