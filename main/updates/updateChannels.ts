import { fail, ok } from '../../shared/apiError'
import type { Services } from '../../shared/ipc'
import type { UpdateStatus } from '../../shared/ipc/updateStatus'

/** What the update service answers on the IPC contract. */
export type UpdateChannels = Pick<Services, 'getUpdateStatus' | 'restartToUpdate' | 'onUpdateStatus'>

export const NO_UPDATE: UpdateStatus = { state: 'none' }

export const noUpdateReady = () => fail({ code: 'not-found', message: 'No update is ready to install.' })

/** Updates off (no feed, tests, the Playwright harness): nothing to show, nothing to restart into. */
export function updatesOff(): UpdateChannels {
  return {
    getUpdateStatus: async () => ok(NO_UPDATE),
    restartToUpdate: async () => noUpdateReady(),
    onUpdateStatus: () => () => {}
  }
}
