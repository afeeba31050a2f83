import { describe, expect, it } from 'vitest'
import type { SessionStatus } from '../../../shared/ipc'
import { signInExpiryMessage } from './signInExpiry'

const NOW = new Date(2026, 10, 21, 9, 0).getTime()
const DAY = 24 * 60 * 60 * 1000
const signedIn = (refreshExpiresAt: number, refreshExpiresSoon: boolean): SessionStatus => ({
  state: 'signed-in',
  method: 'oauth',
  fileIds: [1001],
  refreshExpiresAt,
  refreshExpiresSoon,
  persistence: 'encrypted'
})

describe('signInExpiryMessage', () => {
  it('says nothing while the sign-in has long to run, or when signed out', () => {
    expect(signInExpiryMessage(signedIn(NOW + 200 * DAY, false), NOW)).toBeNull()
    expect(signInExpiryMessage({ state: 'signed-out', fileIds: [], refreshExpiresSoon: false, persistence: 'this-run-only' }, NOW)).toBeNull()
    expect(signInExpiryMessage(null, NOW)).toBeNull()
  })

  it('names the day the sign-in runs out once main says it is soon', () => {
    expect(signInExpiryMessage(signedIn(new Date(2026, 11, 1, 12).getTime(), true), NOW)).toBe(
      'Your payroll sign-in runs out on 1 Dec 2026. Sign out and sign in again before then, so sending is not interrupted.'
    )
    expect(signInExpiryMessage(signedIn(NOW + DAY, true), NOW)).toContain('runs out tomorrow.')
    expect(signInExpiryMessage(signedIn(NOW + 60_000, true), NOW)).toContain('runs out today.')
  })
})
