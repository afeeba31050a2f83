import { refreshExpiresSoon, refreshTokenExpiresAt } from './refreshTiming'
import { type StoredSession } from './storedSession'
import { type Persistence } from './tokenStore'

export type EndReason = 'refresh-refused' | 'signed-out'

/** What the UI may know about the session: plain data, never a token or key. */
export interface SessionStatus {
  state: 'signed-out' | 'signed-in'
  method?: 'oauth' | 'legacy'
  username?: string
  fileIds: number[]
  accessExpiresAt?: number
  refreshExpiresAt?: number
  /** Within 14 days of the refresh token's 12-month end: the clerk will soon have to sign in again. */
  refreshExpiresSoon: boolean
  persistence: Persistence
  /**
   * Why the last session ended. `refresh-refused`: the server refused the session's credentials (its
   * refresh token, or a legacy key) and the clerk must sign in again.
   */
  endedBecause?: EndReason
}

export function signedOutStatus(persistence: Persistence, endedBecause?: EndReason): SessionStatus {
  return {
    state: 'signed-out',
    fileIds: [],
    refreshExpiresSoon: false,
    persistence,
    ...(endedBecause === undefined ? {} : { endedBecause })
  }
}

export function signedInStatus(session: StoredSession, persistence: Persistence, now: number): SessionStatus {
  if (session.method === 'legacy') {
    return { state: 'signed-in', method: 'legacy', fileIds: [session.fileId], refreshExpiresSoon: false, persistence }
  }
  return {
    state: 'signed-in',
    method: 'oauth',
    username: session.username,
    fileIds: [...session.fileIds],
    accessExpiresAt: session.accessExpiresAt,
    refreshExpiresAt: refreshTokenExpiresAt(session.refreshIssuedAt),
    refreshExpiresSoon: refreshExpiresSoon(session.refreshIssuedAt, now),
    persistence
  }
}
