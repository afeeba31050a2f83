/**
 * Spaces requests so the client never goes over the API's rate (live: 1 request per second per file).
 * One limiter is shared by every caller of the client; callers are released strictly in the order they
 * asked (FIFO), each at least one interval after the previous one was actually released, so a late timer
 * never squeezes two requests together.
 *
 * The server counts arrivals in a sliding one-second window, and arrivals wobble by a few milliseconds
 * against our release times; `jitterAllowanceMs` stretches every run of `perSecond` requests to span
 * 1 s plus that allowance, so the wobble cannot push one request too many into a window.
 */
export interface RequestRateLimiter {
  /** Resolves when the caller may send one request. */
  acquire(): Promise<void>
}

export interface RequestRateLimiterOptions {
  /** Requests per second; null = no limit (the embedded sandbox). */
  perSecond: number | null
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  jitterAllowanceMs?: number
}

/**
 * 30 ms keeps the achieved rate at 97 % of the limit (the queue must run at the limit without gaps) while
 * covering the arrival wobble seen on loopback and a steady WAN; a rarer, larger wobble costs one 429 that
 * the queue retries after Retry-After.
 */
const DEFAULT_JITTER_ALLOWANCE_MS = 30
/** A timer may fire a hair early against the clock; a few re-checks cover that without spinning forever. */
const MAX_WAITS_PER_TURN = 3

export function requestRateLimiter(options: RequestRateLimiterOptions): RequestRateLimiter {
  const { perSecond } = options
  if (perSecond === null) return { acquire: () => Promise.resolve() }
  if (!(Number.isFinite(perSecond) && perSecond > 0)) throw new RangeError('perSecond must be a positive number or null.')
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const intervalMs = (1000 + (options.jitterAllowanceMs ?? DEFAULT_JITTER_ALLOWANCE_MS)) / perSecond
  let lastReleaseAt = Number.NEGATIVE_INFINITY
  let queue: Promise<void> = Promise.resolve()

  const takeTurn = async () => {
    for (let waits = 0; waits < MAX_WAITS_PER_TURN; waits++) {
      const wait = lastReleaseAt + intervalMs - now()
      if (wait <= 0) break
      await sleep(Math.ceil(wait))
    }
    lastReleaseAt = now()
  }

  return {
    acquire() {
      const turn = queue.then(takeTurn)
      // A failed sleep must not stop the line behind it.
      queue = turn.catch(() => undefined)
      return turn
    }
  }
}
