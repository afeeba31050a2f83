/**
 * Runs the calls one after another, in the order they were made: each starts when the one before it
 * has settled (succeeded or failed), so a failure never blocks the calls behind it. `maxWaitMs` bounds
 * how long a call waits for the one before it (a hung call must not freeze every later one); the clock
 * decides what a millisecond is, so tests use fake timers.
 */
import { systemClock, type Clock } from './clock'

export interface SequentialOptions {
  maxWaitMs?: number
  clock?: Pick<Clock, 'setTimer' | 'clearTimer'>
}

export function sequential<A extends unknown[], T>(
  run: (...args: A) => Promise<T>,
  options: SequentialOptions = {}
): (...args: A) => Promise<T> {
  const clock = options.clock ?? systemClock
  let previous: Promise<unknown> = Promise.resolve()
  const waitFor = (earlier: Promise<unknown>): Promise<void> => {
    const settled = earlier.then(
      () => undefined,
      () => undefined
    )
    const { maxWaitMs } = options
    if (maxWaitMs === undefined) return settled
    return new Promise<void>((resolve) => {
      const timer = clock.setTimer(resolve, maxWaitMs)
      void settled.then(() => {
        clock.clearTimer(timer)
        resolve()
      })
    })
  }
  return (...args: A) => {
    const next = waitFor(previous).then(() => run(...args))
    previous = next
    return next
  }
}
