import path from 'node:path'
import type * as ElectronUpdater from 'electron-updater'
import { writeGenericFeedConfig } from './feedConfigFile'
import type { UpdateFeed } from './updateFeed'
import type { UpdaterLike, UpdateLog } from './updaterLike'

type ElectronUpdaterModule = typeof ElectronUpdater & { default?: typeof ElectronUpdater }

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
  // Loaded as a CommonJS module by Node's import(): `autoUpdater` is a getter Node does not lift into a
  // named export, so it is read from the module object (`default`), where bundlers put it too.
  const loaded: ElectronUpdaterModule = await import('electron-updater')
  const autoUpdater = loaded.default?.autoUpdater ?? loaded.autoUpdater
  autoUpdater.logger = options.logger
  if (options.feed.kind === 'override') {
    // The packaged app-update.yml stays electron-updater's config (its publisher name is what Windows
    // updates are checked against); only the address changes.
    autoUpdater.updateConfigPath = options.feed.configPath
    autoUpdater.setFeedURL({ provider: 'generic', url: options.feed.url })
  }
  if (options.feed.kind === 'env') {
    autoUpdater.updateConfigPath = await writeGenericFeedConfig(path.join(options.userDataDir, 'updates'), options.feed.url)
    // A development run (testing a feed) would otherwise skip every check.
    autoUpdater.forceDevUpdateConfig = !options.isPackaged
  }
  return autoUpdater
}
