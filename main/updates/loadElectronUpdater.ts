import path from 'node:path'
import { writeGenericFeedConfig } from './feedConfigFile'
import type { UpdateFeed } from './updateFeed'
import type { UpdaterLike, UpdateLog } from './updaterLike'

export interface LoadUpdaterOptions {
  feed: Exclude<UpdateFeed, { kind: 'off' }>
  isPackaged: boolean
  userDataDir: string
  /** electron-log: electron-updater logs its own steps (feed URL, versions, download) through it. */
  logger: UpdateLog & { error(message: string): void }
}

/**
 * electron-updater's `autoUpdater`, loaded only when a feed is configured: an app without one never
 * loads the library, so it costs nothing at start and cannot reach any server.
 */
export async function loadElectronUpdater(options: LoadUpdaterOptions): Promise<UpdaterLike> {
  const { autoUpdater } = await import('electron-updater')
  autoUpdater.logger = options.logger
  if (options.feed.kind === 'env') {
    autoUpdater.updateConfigPath = await writeGenericFeedConfig(path.join(options.userDataDir, 'updates'), options.feed.url)
    // A development run (testing a feed) would otherwise skip every check.
    autoUpdater.forceDevUpdateConfig = !options.isPackaged
  }
  return autoUpdater
}
