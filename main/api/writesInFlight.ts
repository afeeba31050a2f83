import type { ApiResult } from '../../shared/apiError'
import { createInFlightRequests, type InFlightRequests } from '../inFlightRequests'

/**
 * The payroll writes main has been asked for and not yet answered, and the answers nobody received.
 *
 * A reloaded page finds its drafts 'sending' and cannot tell whether their requests are still on the
 * wire; pressing "Send again" before the first one lands would give payroll two. So each write the queue
 * names (a `requestKey`, e.g. `${draftId}:${attemptNumber}`) is listed here until it settles, and when
 * the page that asked has gone by then, its answer is kept until the next page takes it (bounded, in
 * memory: a restart of the app ends every request anyway). Quitting waits on the same registry.
 */
export interface WriteInFlight {
  requestKey: string
  /** Epoch milliseconds when main was asked for it. */
  startedAt: number
}

export interface SettledWrite<T> {
  requestKey: string
  outcome: ApiResult<T>
}

export interface WritesInFlight<T> {
  /**
   * Runs `write`, listing it under `requestKey` (when given) until it settles. `askerSignal` is the
   * asking page's lifetime: if it has ended when the answer comes, the answer is kept for takeSettled().
   */
  track(requestKey: string | undefined, askerSignal: AbortSignal | undefined, write: () => Promise<ApiResult<T>>): Promise<ApiResult<T>>
  /** The named writes not yet answered, oldest first. */
  list(): WriteInFlight[]
  /** Answers whose page went away before they came, oldest first; each is handed out once. */
  takeSettled(): SettledWrite<T>[]
  /** Every write still out, named or not (for the quit confirmation). */
  count(): number
  /** Resolves true once no write is out, or false after `timeoutMs` with writes still out. */
  whenSettled(timeoutMs: number): Promise<boolean>
}

export interface WritesInFlightOptions {
  now?: () => number
  /** Counts the writes while they are out (main's close guard may share it); default a fresh counter. */
  inFlight?: InFlightRequests
  /** Most answers kept for a page that never comes back; the oldest go first. Default 1,000. */
  maxKept?: number
}

export function createWritesInFlight<T>(options: WritesInFlightOptions = {}): WritesInFlight<T> {
  const now = options.now ?? Date.now
  const maxKept = options.maxKept ?? 1_000
  const named = new Map<number, WriteInFlight>()
  const kept: SettledWrite<T>[] = []
  const inFlight = options.inFlight ?? createInFlightRequests()
  let nextId = 0

  const run = async <R extends ApiResult<T>>(requestKey: string | undefined, askerSignal: AbortSignal | undefined, write: () => Promise<R>) => {
    const id = nextId++
    if (requestKey !== undefined) named.set(id, { requestKey, startedAt: now() })
    let outcome: R | undefined
    try {
      outcome = await write()
      return outcome
    } finally {
      named.delete(id)
      // A write that threw has no answer to keep; its caller gets the error.
      if (outcome && requestKey !== undefined && askerSignal?.aborted) {
        kept.push({ requestKey, outcome })
        if (kept.length > maxKept) kept.splice(0, kept.length - maxKept)
      }
    }
  }

  return {
    track: (requestKey, askerSignal, write) => inFlight.track(run(requestKey, askerSignal, write)),
    list: () => [...named.values()].map((entry) => ({ ...entry })),
    takeSettled: () => kept.splice(0, kept.length),
    count: () => inFlight.count(),
    whenSettled: (timeoutMs) => inFlight.whenSettled(timeoutMs)
  }
}
