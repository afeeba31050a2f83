import { afterEach } from 'vitest'

/**
 * For files whose tests each start their own `T` (each with its own options): answers a `start` that
 * remembers what it started, and closes that after the test.
 */
export function closedAfterEach<Options, T extends { close(): Promise<unknown> }>(
  startOne: (options: Options) => Promise<T>
): (options: Options) => Promise<T> {
  let started: T | undefined
  afterEach(async () => {
    await started?.close()
    started = undefined
  })
  return async (options) => {
    started = await startOne(options)
    return started
  }
}
