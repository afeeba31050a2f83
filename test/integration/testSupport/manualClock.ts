import type { TimerHandle } from '../../../renderer/src/sync/syncTypes'

/**
 * The runner's clock and timers, moved by hand: backoffs of minutes pass instantly, and a timer fires
 * only when the test says so. The sandbox and main keep real time.
 */
export interface ManualClock {
  now(): number
  advance(ms: number): void
  setTimer(run: () => void, delayMs: number): TimerHandle
  clearTimer(handle: TimerHandle): void
  /** When the pending timers are due. */
  pending(): number[]
  /** Runs the timers due by now; answers how many ran. */
  fireDue(): number
}

export function manualClock(start = Date.UTC(2026, 2, 2, 9, 0, 0)): ManualClock {
  let time = start
  let nextId = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  return {
    now: () => time,
    advance(ms) {
      time += ms
    },
    setTimer(run, delayMs) {
      const id = nextId++
      timers.set(id, { at: time + delayMs, run })
      return id
    },
    clearTimer(handle) {
      timers.delete(handle as number)
    },
    pending: () => [...timers.values()].map((timer) => timer.at),
    fireDue() {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= time)
      for (const [id, timer] of due) {
        timers.delete(id)
        timer.run()
      }
      return due.length
    }
  }
}
