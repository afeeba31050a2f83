/**
 * The part of electron-updater's `autoUpdater` (an AppUpdater) the update service uses. Injected, so
 * Node tests drive the service with a double that emits the real event names; electron-updater's own
 * instance fits it as is.
 */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  on(event: UpdaterEventName, listener: (...args: never[]) => void): unknown
  checkForUpdates(): Promise<UpdateCheckResultLike | null>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
}

/** electron-updater's `UpdaterEvents`, the ones the service listens to. */
export type UpdaterEventName =
  | 'checking-for-update'
  | 'update-available'
  | 'update-not-available'
  | 'update-cancelled'
  | 'download-progress'
  | 'update-downloaded'
  | 'error'

/** The part of electron-updater's UpdateInfo the clerk sees. */
export interface UpdateInfoLike {
  version: string
}

export interface UpdateLog {
  info(message: string): void
  warn(message: string): void
}

/**
 * The part of electron-updater's UpdateCheckResult the service uses. With autoDownload the download goes
 * on after the check has answered: `downloadPromise` settles when it ends, and rejects if it fails.
 */
export interface UpdateCheckResultLike {
  isUpdateAvailable?: boolean
  downloadPromise?: Promise<unknown> | null
}
