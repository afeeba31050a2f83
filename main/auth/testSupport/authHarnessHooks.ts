import { stat } from 'node:fs/promises'
import { beforeEach } from 'vitest'
import { closedAfterEach } from '../../testSupport/closedAfterEach'
import { type AuthHarness, startAuthHarness } from './authHarness'

type HarnessOptions = Parameters<typeof startAuthHarness>[0]

/** Tests that start their own harness (each with its own options): the one started is closed after the test. */
export function authHarnessClosedAfterEach(): (options?: HarnessOptions) => Promise<AuthHarness> {
  const start = closedAfterEach((options: HarnessOptions) => startAuthHarness(options))
  return (options = {}) => start(options)
}

/** A fresh harness with the default options for every test; `ready` hands it to the file's own variable. */
export function authHarnessPerTest(ready: (harness: AuthHarness) => void): void {
  const start = authHarnessClosedAfterEach()
  beforeEach(async () => {
    ready(await start())
  })
}

/** Whether a file is there. */
export const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false)
