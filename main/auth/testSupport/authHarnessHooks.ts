import { afterEach, beforeEach } from 'vitest'
import { type AuthHarness, startAuthHarness } from './authHarness'

type HarnessOptions = Parameters<typeof startAuthHarness>[0]

/** Tests that start their own harness (each with its own options): the one started is closed after the test. */
export function authHarnessClosedAfterEach(): (options?: HarnessOptions) => Promise<AuthHarness> {
  let harness: AuthHarness | undefined
  afterEach(async () => {
    await harness?.close()
    harness = undefined
  })
  return async (options = {}) => {
    harness = await startAuthHarness(options)
    return harness
  }
}

/** A fresh harness with the default options for every test; `ready` hands it to the file's own variable. */
export function authHarnessPerTest(ready: (harness: AuthHarness) => void): void {
  const start = authHarnessClosedAfterEach()
  beforeEach(async () => {
    ready(await start())
  })
}
