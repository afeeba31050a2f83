import { EventEmitter } from 'node:events'
import type { UpdateCheckResultLike, UpdaterEventName, UpdaterLike } from '../updaterLike'

/**
 * Stands in for electron-updater's autoUpdater in Node tests: a real EventEmitter (so an 'error' with no
 * listener throws, as it would in the app), the real event names, and a record of what the service did.
 * `nextCheck` scripts what the next checkForUpdates() emits and answers.
 */
export class UpdaterDouble extends EventEmitter implements UpdaterLike {
  autoDownload = false
  autoInstallOnAppQuit = false
  readonly installs: { isSilent: boolean | undefined; isForceRunAfter: boolean | undefined }[] = []
  checks = 0
  nextCheck: (double: UpdaterDouble) => Promise<UpdateCheckResultLike | null> = async () => null

  override on(event: UpdaterEventName, listener: (...args: never[]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void)
  }

  checkForUpdates(): Promise<UpdateCheckResultLike | null> {
    this.checks += 1
    return this.nextCheck(this)
  }

  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push({ isSilent, isForceRunAfter })
  }

  /** electron-updater's sequence for a release found and downloaded. */
  releases(version: string): void {
    this.emit('checking-for-update')
    this.emit('update-available', { version, files: [], path: '', sha512: '', releaseDate: '' })
    this.emit('download-progress', { percent: 50 })
    this.emit('update-downloaded', { version, files: [], path: '', sha512: '', releaseDate: '', downloadedFile: '/tmp/x' })
  }
}
