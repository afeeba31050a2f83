import { describe, expect, it } from 'vitest'
import { backoffCeilingMs, MAX_BACKOFF_MS, nextRetryAt } from './retryBackoff'

const now = Date.UTC(2026, 2, 2, 9)

describe('retryBackoff', () => {
  it('doubles the longest wait from 1 s with each failure in a row, up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 9, 10].map(backoffCeilingMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 256_000, MAX_BACKOFF_MS])
    expect(backoffCeilingMs(1_000)).toBe(MAX_BACKOFF_MS)
  })

  it('waits a random time between nothing and that ceiling (full jitter)', () => {
    expect(nextRetryAt({ now: () => now, random: () => 0 }, 3)).toBe(now)
    expect(nextRetryAt({ now: () => now, random: () => 0.5 }, 3)).toBe(now + 2_000)
    expect(nextRetryAt({ now: () => now, random: () => 0.999_999 }, 3)).toBe(now + 3_999)
    for (let failures = 1; failures <= 20; failures += 1) {
      for (const r of [0, 0.13, 0.5, 0.87, 0.999]) {
        const wait = nextRetryAt({ now: () => now, random: () => r }, failures) - now
        expect(wait).toBeGreaterThanOrEqual(0)
        expect(wait).toBeLessThanOrEqual(backoffCeilingMs(failures))
      }
    }
  })

  it('never comes back sooner than the server’s Retry-After, even when the jitter is shorter', () => {
    expect(nextRetryAt({ now: () => now, random: () => 0.9 }, 1, 30_000)).toBe(now + 30_000)
    // A Retry-After longer than the backoff cap still wins: it is the server's word.
    expect(nextRetryAt({ now: () => now, random: () => 0.9 }, 12, 600_000)).toBe(now + 600_000)
    // When the jitter is longer, it stands.
    expect(nextRetryAt({ now: () => now, random: () => 0.5 }, 10, 1_000)).toBe(now + 150_000)
  })

  it('stays within bounds whatever the random source gives', () => {
    for (const broken of [-1, 1, 7, Number.NaN, Number.POSITIVE_INFINITY]) {
      const wait = nextRetryAt({ now: () => now, random: () => broken }, 2) - now
      expect(wait).toBeGreaterThanOrEqual(0)
      expect(wait).toBeLessThanOrEqual(2_000)
    }
  })
})
