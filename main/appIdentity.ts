import path from 'node:path'

/**
 * The app's names, fixed from the first release. The data folder is pinned on its own: Electron derives
 * `userData` from `app.name`, which follows `productName`, so a rename would move the folder and orphan
 * every draft in IndexedDB. The folder keeps the name the app had before it had a productName.
 */
export const PRODUCT_NAME = 'Leave Desk'
/** electron-builder's `appId`; Windows also needs it as the AppUserModelId for notifications and the taskbar. */
export const APP_ID = 'app.leavedesk.desktop'
/** The folder under the OS's app-data folder (`~/.config`, `%APPDATA%`, `~/Library/Application Support`). */
export const DATA_FOLDER_NAME = 'leave-desk'

/** A development run's own folder (`npm start` from a checkout), so it never opens an installed copy's drafts. */
export const DEV_DATA_FOLDER_NAME = 'leave-desk-dev'

/**
 * Where the clerk's data lives: `LEAVE_DESK_USER_DATA_DIR` (tests, a second profile) when set, otherwise
 * the pinned folder under `appDataDir` (Electron's `app.getPath('appData')`), whatever the app is called.
 * A development run (`electron .` from a checkout) gets a folder of its own, and with it its own
 * single-instance lock (Electron's lock is per data folder).
 */
export function userDataDirFor(options: { appDataDir: string; override?: string | undefined; devRun?: boolean; paths?: path.PlatformPath }): string {
  const paths = options.paths ?? path
  if (options.override) return paths.resolve(options.override)
  return paths.join(options.appDataDir, options.devRun ? DEV_DATA_FOLDER_NAME : DATA_FOLDER_NAME)
}
