import { liveQuery } from 'dexie'
import { useObservable } from 'dexie-react-hooks'

/**
 * A live query for what a clerk glances at (the status chips' counts, a row's clash badge) that re-reads
 * at most once per `quietMs` while the drafts keep changing.
 *
 * Why: Dexie 4's liveQuery re-runs its querier on every committed change that touches what it read
 * (observability-middleware: a `count()` on an index watches every key of the table, and a put whose old
 * value Dexie does not hold marks every index key of the new value). During a batch each draft changes
 * twice (claimed, then its outcome), so every chip and badge re-read some 70 times a second, and each
 * read is a read-only transaction a keystroke's save must wait behind. Nobody reads a chip 70 times a
 * second; they must see the right count within a moment.
 *
 * How: it follows Dexie's own liveQuery, so what wakes it is exactly what would wake a plain one. The
 * first change after a quiet spell is read at once. A wake that comes less than `quietMs` after the
 * last read does not read: the subscription is dropped (Dexie ignores what a closed one answers) and a
 * new one starts when the moment is over; that first read of the new subscription shows every change
 * made meanwhile. Dexie offers no throttle of its own and its querier must not wait on timers, so the
 * pause is a new subscription, not a delay inside the querier.
 */
export const SCREEN_REFRESH_MS = 500

export interface ThrottleClock {
  now(): number
  /** Runs `resume` after `ms`; returns what cancels it. */
  later(resume: () => void, ms: number): () => void
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  later: (resume, ms) => {
    const timer = setTimeout(resume, ms)
    return () => clearTimeout(timer)
  }
}

interface Observer<T> {
  next?: (value: T) => void
  error?: (error: unknown) => void
}

export interface ThrottledLiveQuery<T> {
  subscribe(next?: ((value: T) => void) | Observer<T>, error?: (error: unknown) => void): { unsubscribe(): void }
  /** Never a value before the first read (dexie-react-hooks then does not subscribe just to look). */
  hasValue(): boolean
}

export function throttledLiveQuery<T>(querier: () => T | Promise<T>, quietMs = SCREEN_REFRESH_MS, clock: ThrottleClock = realClock): ThrottledLiveQuery<T> {
  return {
    hasValue: () => false,
    subscribe(nextOrObserver, errorCallback) {
      const observer: Observer<T> = typeof nextOrObserver === 'function' ? { next: nextOrObserver, ...(errorCallback ? { error: errorCallback } : {}) } : (nextOrObserver ?? {})
      let closed = false
      let current: { unsubscribe(): void } | undefined
      let cancelResume: (() => void) | undefined
      let lastReadAt = Number.NEGATIVE_INFINITY

      const follow = () => {
        cancelResume = undefined
        if (closed) return
        let firstRun = true
        const run = () => {
          const now = clock.now()
          // The first run of a subscription always reads: it is what makes Dexie watch the right keys.
          if (!firstRun && now - lastReadAt < quietMs) {
            pause(lastReadAt + quietMs - now)
            return undefined as T
          }
          firstRun = false
          lastReadAt = now
          return querier()
        }
        current = liveQuery(run).subscribe({
          next: (value) => observer.next?.(value),
          error: (error: unknown) => observer.error?.(error)
        })
      }
      const pause = (ms: number) => {
        current?.unsubscribe()
        current = undefined
        cancelResume ??= clock.later(follow, Math.max(0, ms))
      }

      follow()
      return {
        unsubscribe() {
          closed = true
          current?.unsubscribe()
          cancelResume?.()
        }
      }
    }
  }
}

/** useLiveQuery, re-reading at most once per `quietMs` while the data keeps changing (see above). */
export function useThrottledLiveQuery<T, D = undefined>(querier: () => T | Promise<T>, deps: unknown[], defaultResult?: D, quietMs = SCREEN_REFRESH_MS): T | D {
  return useObservable(() => throttledLiveQuery(querier, quietMs), deps, defaultResult as D) as T | D
}
