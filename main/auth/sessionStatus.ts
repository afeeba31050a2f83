import { refreshExpiresSoon, refreshTokenExpiresAt } from './refreshTiming'
import { type StoredSession } from './storedSession'
import type { Persistence, SessionEndReason, SessionStatus } from '../../shared/ipc/sessionStatus'

export type { SessionStatus } from '../../shared/ipc/sessionStatus'
export type EndReason = SessionEndReason

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
