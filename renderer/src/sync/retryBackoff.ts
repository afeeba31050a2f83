import type { EpochMs } from '../db'

/**
 * When a request that did not get through may be tried again: exponential backoff with full jitter
 * (a random wait between 0 and 1 s, 2 s, 4 s … capped at 5 minutes), so many clerks' queues coming back
 * at once do not hit payroll in step. A server's Retry-After is a floor: we never come back sooner than
 * it asked.
 */
export const FIRST_BACKOFF_MS = 1_000
export const MAX_BACKOFF_MS = 5 * 60_000

/** The largest wait for the `failures`-th failure in a row (1 → 1 s, 2 → 2 s, … up to 5 min). */
export function backoffCeilingMs(failures: number): number {
  const doublings = Math.max(0, Math.min(Math.floor(failures) - 1, 30))
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** doublings)
}

/**
 * When to try again after the `failures`-th failure in a row (the draft's attempts so far, ≥ 1), by the
 * clock and random source in [0, 1) of `source`; `retryAfterMs`: the server's Retry-After, if it sent one.
 */
export function nextRetryAt(source: { now: () => EpochMs; random: () => number }, failures: number, retryAfterMs?: number): EpochMs {
  const jittered = Math.floor(clampUnit(source.random()) * backoffCeilingMs(failures))
  const floor = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) ? Math.max(0, retryAfterMs) : 0
  return source.now() + Math.max(jittered, floor)
}

/** A random source that strays outside [0, 1) must not produce a negative or an over-long wait. */
function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0
  return Math.min(value, 1)
}
