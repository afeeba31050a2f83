import { differenceInCalendarDays, format } from 'date-fns'
import type { SessionStatus } from '../../../shared/ipc'

/**
 * What to tell the clerk when the payroll sign-in (the refresh token, 12 months) is about to run out.
 * Main decides "soon"; this only words it. Null when there is nothing to say.
 */
export function signInExpiryMessage(session: SessionStatus | null, now: number): string | null {
  if (session?.state !== 'signed-in' || !session.refreshExpiresSoon || session.refreshExpiresAt === undefined) return null
  const days = differenceInCalendarDays(session.refreshExpiresAt, now)
  const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `on ${format(session.refreshExpiresAt, 'd MMM yyyy')}`
  return `Your payroll sign-in runs out ${when}. Sign out and sign in again before then, so sending is not interrupted.`
}
