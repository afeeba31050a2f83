/**
 * A clock and timer queue the test moves by hand, shared by the session and the sandbox so token
 * lifetimes pass without waiting on wall time, and by the sync runner's integration tests so backoffs of
 * minutes pass instantly and a timer fires only when the test says so.
 */
export interface ManualClock {
  now(): number
  setTimer(callback: () => void, delayMs: number): unknown
  clearTimer(handle: unknown): void
  /** Moves time forward by `ms`, firing each timer that falls due, in order. */
  advance(ms: number): void
  /** Moves time forward without firing timers, as when a laptop wakes from sleep before its timers run. */
  skip(ms: number): void
  pendingTimers(): number
  /** When the pending timers are due. */
  pending(): number[]
  /** Runs the timers due by now; answers how many ran. */
  fireDue(): number
}

const MAX_TIMERS_PER_ADVANCE = 1_000

export function manualClock(start = Date.UTC(2026, 2, 2, 9, 0, 0)): ManualClock {
  let time = start
  let nextId = 1
  const timers = new Map<number, { at: number; callback: () => void }>()

  function nextDue(limit: number): [number, { at: number; callback: () => void }] | undefined {
    let found: [number, { at: number; callback: () => void }] | undefined
    for (const entry of timers) {
      if (entry[1].at <= limit && (found === undefined || entry[1].at < found[1].at)) found = entry
    }
    return found
  }

  return {
    now: () => time,
    setTimer(callback, delayMs) {
      const id = nextId++
      timers.set(id, { at: time + delayMs, callback })
      return id
    },
    clearTimer(handle) {
      timers.delete(handle as number)
    },
    advance(ms) {
      const target = time + ms
      for (let fired = 0; fired < MAX_TIMERS_PER_ADVANCE; fired += 1) {
        const due = nextDue(target)
        if (due === undefined) break
        timers.delete(due[0])
        time = Math.max(time, due[1].at)
        due[1].callback()
      }
      time = target
    },
    skip(ms) {
      time += ms
    },
    pendingTimers: () => timers.size,
    pending: () => [...timers.values()].map((timer) => timer.at),
    fireDue() {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= time)
      for (const [id, timer] of due) {
        timers.delete(id)
        timer.callback()
      }
      return due.length
    }
  }
}
