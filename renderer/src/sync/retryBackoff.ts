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

export interface RetryTimeInput {
  now: EpochMs
  /** How many times in a row this draft has now failed to get through (its attempts so far, ≥ 1). */
  failures: number
  /** The server's Retry-After, when it sent one. */
  retryAfterMs?: number | undefined
  /** In [0, 1). */
  random: () => number
}

export function nextRetryAt({ now, failures, retryAfterMs, random }: RetryTimeInput): EpochMs {
  const jittered = Math.floor(clampUnit(random()) * backoffCeilingMs(failures))
  const floor = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) ? Math.max(0, retryAfterMs) : 0
  return now + Math.max(jittered, floor)
}

/** A random source that strays outside [0, 1) must not produce a negative or an over-long wait. */
function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0
  return Math.min(value, 1)
}
