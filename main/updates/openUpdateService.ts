import type { InFlightRequests } from '../inFlightRequests'
import { loadElectronUpdater, type LoadUpdaterOptions } from './loadElectronUpdater'
import type { UpdateFeed } from './updateFeed'
import type { UpdaterLike, UpdateLog } from './updaterLike'
import { createUpdateService, type UpdateService } from './updateService'

export interface OpenUpdateServiceDeps {
  feed: UpdateFeed
  isPackaged: boolean
  userDataDir: string
  inFlight: Pick<InFlightRequests, 'count' | 'whenSettled' | 'holdNew'>
  log: UpdateLog & { error(message: string): void }
  /** electron-updater in the app; a double in tests. */
  loadUpdater?: (options: LoadUpdaterOptions) => Promise<UpdaterLike>
}

/**
 * The update service for this run: off (electron-updater never loaded) without a feed, and off too if
 * the library cannot be set up — a broken updater must never keep the clerk from working.
 */
export async function openUpdateService(deps: OpenUpdateServiceDeps): Promise<UpdateService> {
  const { feed, log } = deps
  const off = () => createUpdateService({ updater: null, inFlight: deps.inFlight, log })
  if (feed.kind === 'off') {
    log.info(`Updates off: ${feed.reason}`)
    return off()
  }
  try {
    const load = deps.loadUpdater ?? loadElectronUpdater
    const updater = await load({ feed, isPackaged: deps.isPackaged, userDataDir: deps.userDataDir, logger: log })
    log.info(`Updates on (${feed.kind === 'packaged' ? 'feed from the packaged app-update.yml' : `feed ${feed.url}`})`)
    return createUpdateService({ updater, inFlight: deps.inFlight, log })
  } catch (error) {
    log.warn(`Updates off: the updater could not be set up (${error instanceof Error ? error.message : typeof error})`)
    return off()
  }
}
