/**
 * When to refresh, and how long a refresh token lasts. Pure functions of times in epoch milliseconds.
 */

export const DEFAULT_REFRESH_AHEAD_MS = 60_000
/** Spec §5.1: a refresh token expires after 12 months. */
const REFRESH_TOKEN_LIFETIME_MONTHS = 12
/** The clerk is warned this long before the refresh token runs out and a new sign-in is needed. */
export const REFRESH_EXPIRY_WARNING_MS = 14 * 24 * 60 * 60 * 1000
const MIN_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000

/**
 * Refresh a minute before expiry, or with a tenth of the lifetime left when the lifetime is so short
 * that a minute would mean refreshing at once (or forever).
 */
export function refreshDueAt(accessIssuedAt: number, accessExpiresAt: number, refreshAheadMs = DEFAULT_REFRESH_AHEAD_MS) {
  const ttl = Math.max(0, accessExpiresAt - accessIssuedAt)
  return accessExpiresAt - Math.min(refreshAheadMs, ttl / 10)
}

export function refreshTokenExpiresAt(refreshIssuedAt: number): number {
  const at = new Date(refreshIssuedAt)
  at.setUTCMonth(at.getUTCMonth() + REFRESH_TOKEN_LIFETIME_MONTHS)
  return at.getTime()
}

export function refreshExpiresSoon(refreshIssuedAt: number, now: number): boolean {
  return now >= refreshTokenExpiresAt(refreshIssuedAt) - REFRESH_EXPIRY_WARNING_MS
}

/**
 * After a proactive refresh failed (network, server trouble), try again while the access token still
 * works: half the time left, within [1 s, 30 s]. Null once the token has expired: from then on a 401
 * drives the refresh, so a dead network never keeps a timer spinning.
 */
export function retryDelayAfterFailure(now: number, accessExpiresAt: number): number | null {
  const remaining = accessExpiresAt - now
  if (remaining <= 0) return null
  return Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, remaining / 2))
}
