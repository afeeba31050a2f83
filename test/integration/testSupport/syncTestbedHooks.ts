import { afterEach } from 'vitest'
import { startSyncTestbed, type SyncTestbed, type TestbedOptions } from './syncTestbed'

/** For files whose tests each start their own testbed (with their own options): the one started is closed after the test. */
export function syncTestbedClosedAfterEach(): (options?: TestbedOptions) => Promise<SyncTestbed> {
  let testbed: SyncTestbed | undefined
  afterEach(async () => {
    await testbed?.close()
    testbed = undefined
  })
  return async (options = {}) => {
    testbed = await startSyncTestbed(options)
    return testbed
  }
}
