/**
 * A clock and timer queue the test moves by hand, shared by the session and the sandbox so token
 * lifetimes pass without waiting on wall time.
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
    pendingTimers: () => timers.size
  }
}
