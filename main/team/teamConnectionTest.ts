import type { Dispatcher } from 'undici'
import type { TeamConnectionReport } from '../../shared/ipc/teamServer'
import { classifyTransportError } from '../api/classifyTransportError'
import { sendHttpRequest, type HttpRequest } from '../api/sendHttpRequest'
import { basicAuthorization, teamDatabaseUrl, type TeamTarget } from './teamDatabaseUrl'

const TEST_TIMEOUT_MS = 10_000

/**
 * Settings → Team's Test connection: four questions in the clerk's words. Reachable and trusted (the
 * server's root answers), signed in (`_session` knows the user), allowed to write this database (the
 * database exists or may be created, and a `_local` note — never replicated, never seen by colleagues —
 * can be written to it).
 */
export async function testTeamConnection(dispatcher: Dispatcher, target: TeamTarget, installId: string): Promise<TeamConnectionReport> {
  const server = new URL(target.address.replace(/\/*$/, '/'))
  const authorization = basicAuthorization(target)
  const send = (method: HttpRequest['method'], url: URL, withAuth: boolean, body?: string) =>
    sendHttpRequest(dispatcher, {
      method,
      url,
      headers: { accept: 'application/json', ...(withAuth ? { authorization } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
      headersTimeoutMs: TEST_TIMEOUT_MS,
      bodyTimeoutMs: TEST_TIMEOUT_MS
    })

  const root = await send('GET', server, false)
  if (root.kind === 'failed') {
    const error = classifyTransportError(root.error, root.requestStarted, false)
    if (error.code === 'certificate') return report({ reachable: true }, error.message)
    return report({}, error.code === 'proxy' ? error.message : `Could not reach ${server.host}. Check the address and this computer's network connection.`)
  }
  if (!looksLikeCouch(root.answer.body)) {
    return report({ reachable: true, trusted: true }, `Something answers at ${server.host}, but not like a team server (CouchDB). Check the address.`)
  }

  const session = await send('GET', new URL('_session', server), true)
  if (session.kind === 'failed' || session.answer.status === 401 || session.answer.status === 403) {
    return report({ reachable: true, trusted: true }, 'The team server did not accept this user name and password.')
  }

  const database = teamDatabaseUrl(target)
  const found = await send('GET', database, true)
  if (found.kind === 'answer' && found.answer.status === 404) {
    const created = await send('PUT', database, true)
    if (created.kind === 'failed' || created.answer.status >= 300) {
      return report({ reachable: true, trusted: true, signedIn: true }, `The database ${target.database} does not exist on the team server, and this user may not create it: ask whoever runs the server to create it and add you as a member.`)
    }
  } else if (found.kind === 'failed' || found.answer.status >= 300) {
    return report({ reachable: true, trusted: true, signedIn: true }, `This user may not open the database ${target.database}: ask whoever runs the team server to add you as a member.`)
  }

  const note = new URL(`${database.href}/_local/leave-desk-write-check-${encodeURIComponent(installId)}`)
  const noteRead = await send('GET', note, true)
  const rev = noteRead.kind === 'answer' && noteRead.answer.status === 200 ? revOf(noteRead.answer.body) : undefined
  const written = await send('PUT', note, true, JSON.stringify({ checkedAt: new Date().toISOString(), ...(rev ? { _rev: rev } : {}) }))
  if (written.kind === 'failed' || written.answer.status >= 300) {
    return report({ reachable: true, trusted: true, signedIn: true }, `This user may read the database ${target.database} but not write to it: ask whoever runs the team server to make you a member.`)
  }
  return report({ reachable: true, trusted: true, signedIn: true, canWrite: true }, `Connected: colleagues on ${target.database} will see what you send.`)
}

function report(passed: Partial<Omit<TeamConnectionReport, 'message'>>, message: string): TeamConnectionReport {
  return { reachable: false, trusted: false, signedIn: false, canWrite: false, ...passed, message }
}

function looksLikeCouch(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body)
    return typeof parsed === 'object' && parsed !== null && ('couchdb' in parsed || 'express-pouchdb' in parsed)
  } catch {
    return false
  }
}

function revOf(body: string): string | undefined {
  try {
    const rev = (JSON.parse(body) as { _rev?: unknown })._rev
    return typeof rev === 'string' ? rev : undefined
  } catch {
    return undefined
  }
}
