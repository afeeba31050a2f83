import { type Dispatcher } from 'undici'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import { verifyLegacyKey } from './legacyKeyCheck'
import { oauthSessionFromTokens } from './oauthTokens'
import { refreshDueAt, retryDelayAfterFailure } from './refreshTiming'
import { refreshSingleFlight } from './refreshSingleFlight'
import { type AuthProvider, type RequestAuth } from './requestAuth'
import { type EndReason, type SessionStatus, signedInStatus, signedOutStatus } from './sessionStatus'
import { type LegacySession, type OAuthSession, type StoredSession } from './storedSession'
import { tokenEndpoint } from './tokenEndpoint'
import { type TokenStore } from './tokenStore'
import { createListenerSet } from '../../shared/primitives'

export type { SessionStatus } from './sessionStatus'

export type TimerHandle = unknown

export interface SessionDeps {
  baseUrl: string
  dispatcher: Dispatcher
  store: TokenStore
  now: () => number
  setTimer?: (callback: () => void, delayMs: number) => TimerHandle
  clearTimer?: (handle: TimerHandle) => void
  /** How long before expiry to refresh (default 60 s; a tenth of the lifetime when that is shorter). */
  refreshAheadMs?: number
  requestTimeoutMs?: number
}

export interface Session extends AuthProvider {
  signInWithPassword(username: string, password: string): Promise<ApiResult<SessionStatus>>
  /** The deprecated access-key method: one key, one file, proved with one light call. */
  signInWithLegacyKey(wsAccessKey: string, fileId: number): Promise<ApiResult<SessionStatus>>
  /** Forgets the session's secrets, in memory and on disk. */
  signOut(): Promise<SessionStatus>
  /** Loads the session kept from an earlier run, if any (call once at start-up). */
  restore(): Promise<SessionStatus>
  status(): SessionStatus
  onChange(listener: (status: SessionStatus) => void): () => void
  /** Saves (or forgets) the current session again after the persistence choice changed (Linux opt-in). */
  persistAgain(): Promise<SessionStatus>
  /** Stops the refresh timer; the session object is not used after this. */
  close(): void
}

type LiveOAuth = OAuthSession & { generation: number }
type LiveSession = LiveOAuth | LegacySession
type RefreshOutcome = 'refreshed' | 'failed' | 'ended'

/** setTimeout's delay is a 32-bit signed integer: anything longer fires at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647

export function createSession(deps: SessionDeps): Session {
  const { store, now } = deps
  const endpoint = tokenEndpoint({ baseUrl: deps.baseUrl, dispatcher: deps.dispatcher, timeoutMs: deps.requestTimeoutMs, now })
  const setTimer = deps.setTimer ?? defaultSetTimer
  const clearTimer = deps.clearTimer ?? ((handle: TimerHandle) => clearTimeout(handle as NodeJS.Timeout))
  const listeners = createListenerSet<SessionStatus>()
  const refresh = refreshSingleFlight(runRefresh)

  let live: LiveSession | null = null
  let endedBecause: EndReason | undefined
  /** Every token this session object obtains gets a higher number, so a 401 on an older one is recognised. */
  let generations = 0
  /** Bumped by every sign-in and sign-out: the clerk's latest action wins over one still in flight. */
  let epoch = 0
  let timer: TimerHandle | undefined
  let retryNotBefore = 0
  let lastSaveFailed = false
  let closed = false

  function status(): SessionStatus {
    const persistence = lastSaveFailed ? 'this-run-only' : store.persistence()
    return live ? signedInStatus(live, persistence, now()) : signedOutStatus(persistence, endedBecause)
  }

  function emit() {
    listeners.emit(status())
  }

  /** A session that cannot be saved still works for this run; the status then says so. */
  async function saveQuietly(session: LiveSession) {
    try {
      await store.save(withoutGeneration(session))
      lastSaveFailed = false
    } catch {
      lastSaveFailed = true
    }
  }

  function install(next: LiveSession) {
    cancelTimer()
    live = next
    endedBecause = undefined
    retryNotBefore = 0
    if (next.method === 'oauth') scheduleRefresh(refreshDueAt(next.accessIssuedAt, next.accessExpiresAt, deps.refreshAheadMs))
    emit()
  }

  async function end(reason: EndReason) {
    epoch += 1
    cancelTimer()
    live = null
    endedBecause = reason
    lastSaveFailed = false
    await store.clear().catch(() => undefined)
    emit()
  }

  function cancelTimer() {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
  }

  function scheduleRefresh(at: number) {
    cancelTimer()
    if (closed) return
    const delay = Math.min(MAX_TIMER_DELAY_MS, Math.max(0, at - now()))
    timer = setTimer(() => {
      timer = undefined
      void refresh.run().catch(() => undefined)
    }, delay)
  }

  async function runRefresh(): Promise<RefreshOutcome> {
    const started = live
    if (started?.method !== 'oauth') return started ? 'refreshed' : 'ended'
    const answer = await endpoint.refreshGrant(started.refreshToken)
    if (live !== started) return live ? 'refreshed' : 'ended'
    if (!answer.ok) {
      if (answer.error.code === 'unauthorized') {
        await end('refresh-refused')
        return 'ended'
      }
      return retryLater(started)
    }
    const tokens = oauthSessionFromTokens(answer.value, { username: started.username, now: now(), previous: started })
    if (!tokens.ok) return retryLater(started)
    const next: LiveOAuth = { ...tokens.value, generation: ++generations }
    // Saved before anything uses it: if the server rotated the refresh token, the old one is dead.
    await saveQuietly(next)
    if (live !== started) return live ? 'refreshed' : 'ended'
    install(next)
    return 'refreshed'
  }

  function retryLater(session: LiveOAuth): RefreshOutcome {
    const delay = retryDelayAfterFailure(now(), session.accessExpiresAt)
    if (delay === null) {
      cancelTimer()
    } else {
      retryNotBefore = now() + delay
      scheduleRefresh(retryNotBefore)
    }
    return 'failed'
  }

  function isRefreshDue(session: LiveOAuth) {
    const dueAt = refreshDueAt(session.accessIssuedAt, session.accessExpiresAt, deps.refreshAheadMs)
    return now() >= Math.max(dueAt, retryNotBefore)
  }

  async function signIn(obtain: () => Promise<ApiResult<LiveSession>>): Promise<ApiResult<SessionStatus>> {
    const myEpoch = ++epoch
    const obtained = await obtain()
    if (!obtained.ok) return obtained
    if (epoch !== myEpoch) return fail({ code: 'signed-out', message: 'The sign-in was cancelled by a later one or a sign-out.' })
    await saveQuietly(obtained.value)
    if (epoch !== myEpoch) return fail({ code: 'signed-out', message: 'The sign-in was cancelled by a later one or a sign-out.' })
    install(obtained.value)
    return ok(status())
  }

  return {
    status,

    signInWithPassword(username, password) {
      if (username.trim() === '' || password === '') {
        return Promise.resolve(fail({ code: 'bad-input', message: 'Enter the user name and the password.' }))
      }
      return signIn(async () => {
        const answer = await endpoint.passwordGrant(username, password)
        if (!answer.ok) return answer
        const tokens = oauthSessionFromTokens(answer.value, { username, now: now() })
        return tokens.ok ? ok({ ...tokens.value, generation: ++generations }) : tokens
      })
    },

    signInWithLegacyKey(wsAccessKey, fileId) {
      if (wsAccessKey.trim() === '' || !Number.isInteger(fileId) || fileId <= 0) {
        return Promise.resolve(fail({ code: 'bad-input', message: 'Enter the access key and the file id (a whole number).' }))
      }
      return signIn(async () => {
        const checked = await verifyLegacyKey(
          { baseUrl: deps.baseUrl, dispatcher: deps.dispatcher, timeoutMs: deps.requestTimeoutMs, now },
          wsAccessKey,
          fileId
        )
        return checked.ok ? ok({ method: 'legacy', wsAccessKey, fileId }) : checked
      })
    },

    async signOut() {
      await end('signed-out')
      return status()
    },

    async restore() {
      if (live) return status()
      const myEpoch = epoch
      const saved = await store.load()
      if (saved === null || live || epoch !== myEpoch) return status()
      install(saved.method === 'oauth' ? { ...saved, generation: ++generations } : saved)
      return status()
    },

    onChange(listener) {
      return listeners.add(listener)
    },

    async persistAgain() {
      if (live) await saveQuietly(live)
      else await store.clear().catch(() => undefined)
      emit()
      return status()
    },

    close() {
      closed = true
      cancelTimer()
      listeners.clear()
    },

    async current() {
      const session = live
      if (session === null) return null
      if (session.method === 'oauth' && (refresh.active() || isRefreshDue(session))) await refresh.run()
      return live === null ? null : credentialsOf(live)
    },

    isSignedIn() {
      return live !== null
    },

    async afterUnauthorized(used) {
      const session = live
      if (session === null) return null
      if (session.method === 'legacy') {
        // A key cannot be renewed: once the server refuses it, only the clerk can give a new one.
        if (used.kind === 'legacy' && used.wsAccessKey === session.wsAccessKey) {
          await end('refresh-refused')
          return null
        }
        return credentialsOf(session)
      }
      // The 401 was for a token this session has already replaced: retry with the current one.
      if (used.kind === 'legacy' || used.generation < session.generation) return credentialsOf(session)
      const outcome = await refresh.run()
      return outcome === 'refreshed' && live !== null ? credentialsOf(live) : null
    }
  }
}

function credentialsOf(session: LiveSession): RequestAuth {
  return session.method === 'oauth'
    ? { kind: 'bearer', accessToken: session.accessToken, generation: session.generation }
    : { kind: 'legacy', wsAccessKey: session.wsAccessKey, fileId: session.fileId }
}

function withoutGeneration(session: LiveSession): StoredSession {
  if (session.method === 'legacy') return session
  const { generation: _generation, ...stored } = session
  return stored
}

function defaultSetTimer(callback: () => void, delayMs: number): TimerHandle {
  const handle = setTimeout(callback, delayMs)
  // A pending refresh must not keep the process alive on its own.
  handle.unref()
  return handle
}
