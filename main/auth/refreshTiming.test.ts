import { describe, expect, it } from 'vitest'
import { refreshDueAt, refreshExpiresSoon, refreshTokenExpiresAt, retryDelayAfterFailure } from './refreshTiming'

const issued = Date.UTC(2026, 2, 2, 9, 0, 0)

describe('refresh timing', () => {
  it('refreshes a three-hour token one minute before it expires', () => {
    const expires = issued + 10_800_000
    expect(refreshDueAt(issued, expires)).toBe(expires - 60_000)
  })

  it('refreshes a two-second token with a tenth of its life left, not at once', () => {
    expect(refreshDueAt(issued, issued + 2_000)).toBe(issued + 1_800)
  })

  it('counts the refresh token 12 months from issue and warns in the last 14 days', () => {
    const expires = refreshTokenExpiresAt(issued)
    expect(new Date(expires).toISOString()).toBe('2027-03-02T09:00:00.000Z')
    expect(refreshExpiresSoon(issued, expires - 15 * 86_400_000)).toBe(false)
    expect(refreshExpiresSoon(issued, expires - 13 * 86_400_000)).toBe(true)
  })

  it('retries a failed refresh while the token works, and stops once it has expired', () => {
    expect(retryDelayAfterFailure(issued, issued + 600_000)).toBe(30_000)
    expect(retryDelayAfterFailure(issued, issued + 200)).toBe(1_000)
    expect(retryDelayAfterFailure(issued + 2_000, issued + 2_000)).toBeNull()
  })
})
