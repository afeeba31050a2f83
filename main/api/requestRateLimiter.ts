/**
 * Spaces requests so the client never goes over the API's rate (live: 1 request per second per file).
 * One limiter is shared by every caller of the client; callers are released strictly in the order they
 * asked (FIFO), each at least one interval after the previous one was actually released, so a late timer
 * never squeezes two requests together.
 *
 * The server counts arrivals in a sliding one-second window, and arrivals wobble by a few milliseconds
 * against our release times; `jitterAllowanceMs` stretches every run of `perSecond` requests to span
 * 1 s plus that allowance, so the wobble cannot push one request too many into a window.
 *
 * A caller may give up while it waits (its window was reloaded): `acquire(signal)` then rejects at once
 * with the signal's reason, the caller leaves the line, and its turn goes to the next one in line (a
 * caller that gave up never uses up an interval). Once released, a caller is no longer affected.
 */
export interface RequestRateLimiter {
  /** Resolves when the caller may send one request; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void>
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

interface Waiter {
  resolve: () => void
  reject: (reason: unknown) => void
  /** Takes the waiter's abort listener off its signal. */
  detach: () => void
}

export function requestRateLimiter(options: RequestRateLimiterOptions): RequestRateLimiter {
  const { perSecond } = options
  if (perSecond === null) return { acquire: (signal) => (signal?.aborted ? Promise.reject(abortReason(signal)) : Promise.resolve()) }
  if (!(Number.isFinite(perSecond) && perSecond > 0)) throw new RangeError('perSecond must be a positive number or null.')
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const intervalMs = (1000 + (options.jitterAllowanceMs ?? DEFAULT_JITTER_ALLOWANCE_MS)) / perSecond
  let lastReleaseAt = Number.NEGATIVE_INFINITY
  const line: Waiter[] = []
  let serving = false

  /** Releases the line one by one; the one running loop, started by the first caller of an empty line. */
  const serve = async () => {
    if (serving) return
    serving = true
    try {
      // Each pass releases (or fails) the head of the line, or finds the line empty: bounded by its length.
      while (line.length > 0) {
        // Each turn starts from a fresh microtask: the caller released last goes on its way first.
        await Promise.resolve()
        if (line.length === 0) break
        try {
          for (let waits = 0; waits < MAX_WAITS_PER_TURN; waits++) {
            const wait = lastReleaseAt + intervalMs - now()
            if (wait <= 0) break
            await sleep(Math.ceil(wait))
          }
        } catch (error) {
          // A failed sleep fails this turn only; the line behind it keeps moving.
          settleHead((waiter) => waiter.reject(error))
          continue
        }
        // Whoever is first now gets the turn: callers that gave up meanwhile have left the line.
        if (line.length === 0) break
        lastReleaseAt = now()
        settleHead((waiter) => waiter.resolve())
      }
    } finally {
      serving = false
    }
  }

  const settleHead = (settle: (waiter: Waiter) => void) => {
    const head = line.shift()
    if (!head) return
    head.detach()
    settle(head)
  }

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(abortReason(signal))
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = line.indexOf(waiter)
          if (index === -1) return
          line.splice(index, 1)
          reject(abortReason(signal as AbortSignal))
        }
        const waiter: Waiter = { resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort) }
        signal?.addEventListener('abort', onAbort, { once: true })
        line.push(waiter)
        void serve()
      })
    }
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The wait was abandoned.', 'AbortError')
}
