import { closedAfterEach } from '../../../main/testSupport/closedAfterEach'
import { startSyncTestbed, type SyncTestbed, type TestbedOptions } from './syncTestbed'

/** For files whose tests each start their own testbed (with their own options): the one started is closed after the test. */
export function syncTestbedClosedAfterEach(): (options?: TestbedOptions) => Promise<SyncTestbed> {
  const start = closedAfterEach((options: TestbedOptions) => startSyncTestbed(options))
  return (options = {}) => start(options)
}
