/**
 * The one way code here tells time and waits: injected, so tests drive it with fake timers instead of
 * waiting for real. `setTimer`'s handle is opaque (a number in the DOM, an object in Node).
 */
export type TimerHandle = unknown

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  setTimer(run: () => void, delayMs: number): TimerHandle
  clearTimer(handle: TimerHandle): void
}

/** setTimeout's delay is a 32-bit signed integer: a longer one would fire at once, again and again. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647

/** Reads the global timers at each call, so fake timers installed after import still apply. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (run, delayMs) => setTimeout(run, Math.min(Math.max(0, delayMs), MAX_TIMER_DELAY_MS)),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/** Resolves after `ms` on the given clock. */
export function sleep(ms: number, clock: Pick<Clock, 'setTimer'> = systemClock): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, ms))
}
