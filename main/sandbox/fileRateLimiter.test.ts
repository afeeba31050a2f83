import { describe, expect, it } from 'vitest'
import { FileRateLimiter } from './fileRateLimiter'

function limiter(ratePerSecond: number | null, dailyQuota: number | null, start = Date.UTC(2026, 2, 2, 12)) {
  let now = start
  const l = new FileRateLimiter({ ratePerSecond, dailyQuota, now: () => now })
  return { l, advance: (ms: number) => (now += ms) }
}

describe('FileRateLimiter', () => {
  it('admits everything when both limits are off', () => {
    const { l } = limiter(null, null)
    for (let i = 0; i < 100; i++) expect(l.admit(1001).ok).toBe(true)
  })

  it('admits `rate` requests in any one-second window', () => {
    const { l, advance } = limiter(2, null)
    expect(l.admit(1001).ok).toBe(true)
    advance(600)
    expect(l.admit(1001).ok).toBe(true)
    expect(l.admit(1001)).toEqual({ ok: false, reason: 'rate', retryAfterSeconds: 1 })
    advance(400)
    // The first request has left the window; the second has not.
    expect(l.admit(1001).ok).toBe(true)
    expect(l.admit(1001).ok).toBe(false)
  })

  it('does not count refused requests against the daily quota', () => {
    const { l, advance } = limiter(1, 2)
    expect(l.admit(1001).ok).toBe(true)
    expect(l.admit(1001).ok).toBe(false)
    advance(1000)
    expect(l.admit(1001).ok).toBe(true)
    advance(1000)
    expect(l.admit(1001)).toMatchObject({ ok: false, reason: 'quota' })
  })

  it('keeps files apart', () => {
    const { l } = limiter(null, 1)
    expect(l.admit(1001).ok).toBe(true)
    expect(l.admit(1001).ok).toBe(false)
    expect(l.admit(1002).ok).toBe(true)
  })
})
