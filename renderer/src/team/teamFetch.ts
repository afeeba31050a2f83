import type { LeaveDeskApi } from '../../../shared/ipc'
import type { TeamFetchRequest } from '../../../shared/ipc/teamServer'

/**
 * The replica's remote handle is given this in place of the browser's fetch: the page never talks to the
 * team server itself. Each request is cut down to its path inside the database and handed to main, which
 * owns the address, the credentials and the network. The remote handle is named by a placeholder address
 * (TEAM_REMOTE_NAME) that nothing ever connects to.
 */
export const TEAM_REMOTE_NAME = 'https://team-server.leave-desk.invalid/ledger'

export type TeamFetchApi = Pick<LeaveDeskApi, 'teamFetch'>

export function createTeamFetch(api: TeamFetchApi, fileId: number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!url.startsWith(TEAM_REMOTE_NAME)) throw new TypeError('Leave Desk sends only to the team database.')
    const signal = init?.signal ?? undefined
    signal?.throwIfAborted()
    const request: TeamFetchRequest = {
      method: methodOf(init?.method),
      path: url.slice(TEAM_REMOTE_NAME.length).replace(/([?&])_nonce=\d+&?/, '$1').replace(/[?&]$/, ''),
      ...contentOf(init)
    }
    const answer = await untilAborted(api.teamFetch(fileId, request), signal)
    // Like a browser's fetch: a request that never got an answer rejects, and PouchDB tries again later.
    if (!answer.ok) throw new TypeError(answer.error.message)
    const { status, contentType, body } = answer.value
    return new Response(status === 204 || status === 304 ? null : body, { status, headers: { 'content-type': contentType } })
  }
}

function methodOf(method: string | undefined): TeamFetchRequest['method'] {
  const upper = (method ?? 'GET').toUpperCase()
  if (upper === 'GET' || upper === 'HEAD' || upper === 'POST' || upper === 'PUT' || upper === 'DELETE') return upper
  throw new TypeError(`Leave Desk does not send ${upper} to the team server.`)
}

function contentOf(init: RequestInit | undefined): Pick<TeamFetchRequest, 'body' | 'contentType'> {
  if (init?.body === undefined || init.body === null) return {}
  if (typeof init.body !== 'string') throw new TypeError('The ledger sends JSON text only (no attachments).')
  const contentType = new Headers(init.headers).get('content-type') ?? 'application/json'
  return { body: init.body, contentType }
}

function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'))
    signal.addEventListener('abort', abort, { once: true })
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
