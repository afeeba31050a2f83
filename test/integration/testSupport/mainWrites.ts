import type { ApiResult } from '../../../shared/apiError'
import type { ChannelData } from '../../../shared/ipc'
import type { SyncTestbed } from './syncTestbed'

/** The named writes main has been asked for and not yet answered (on the wire or waiting for a place). */
export async function writesInMain(t: SyncTestbed): Promise<ChannelData<'listWritesInFlight'>> {
  const listed = (await t.stack.dispatch('listWritesInFlight', [])) as ApiResult<ChannelData<'listWritesInFlight'>>
  if (!listed.ok) throw new Error(listed.error.message)
  return listed.value
}
