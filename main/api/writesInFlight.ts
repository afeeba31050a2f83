import type { ApiResult } from '../../shared/apiError'

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
  /** Most answers kept for a page that never comes back; the oldest go first. Default 1,000. */
  maxKept?: number
}

export function createWritesInFlight<T>(options: WritesInFlightOptions = {}): WritesInFlight<T> {
  const now = options.now ?? Date.now
  const maxKept = options.maxKept ?? 1_000
  const named = new Map<number, WriteInFlight>()
  const kept: SettledWrite<T>[] = []
  const idle = new Set<() => void>()
  let nextId = 0
  let out = 0

  const settledOne = () => {
    out -= 1
    if (out === 0) for (const wake of [...idle]) wake()
  }

  return {
    async track(requestKey, askerSignal, write) {
      const id = nextId++
      out += 1
      if (requestKey !== undefined) named.set(id, { requestKey, startedAt: now() })
      let outcome: ApiResult<T> | undefined
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
        settledOne()
      }
    },
    list: () => [...named.values()].map((entry) => ({ ...entry })),
    takeSettled: () => kept.splice(0, kept.length),
    count: () => out,
    whenSettled(timeoutMs) {
      if (out === 0) return Promise.resolve(true)
      return new Promise<boolean>((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer)
          idle.delete(wake)
          resolve(result)
        }
        const wake = () => done(true)
        const timer = setTimeout(() => done(false), timeoutMs)
        idle.add(wake)
      })
    }
  }
}
