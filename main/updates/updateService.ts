import { ok } from '../../shared/apiError'
import type { UpdateStatus } from '../../shared/ipc/updateStatus'
import type { InFlightRequests } from '../inFlightRequests'
import { NO_UPDATE, noUpdateReady, type UpdateChannels } from './updateChannels'
import type { UpdateInfoLike, UpdaterLike, UpdateLog } from './updaterLike'

/** How long a restart the clerk asked for waits for requests being sent before it gives up (no restart). */
export const RESTART_WAIT_MS = 60_000
/** What a request the queue tries while the restart waits is told (it goes back to the queue, unsent). */
export const HELD_FOR_RESTART_MESSAGE = 'Not sent yet: Leave Desk is restarting to install an update. It will be sent after the restart.'
/** An installed app left open for days still hears about a release. */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000
/** The first check waits until the window is up and the clerk's first syncs are under way. */
export const FIRST_CHECK_AFTER_MS = 15_000

export type UpdateCheckOutcome =
  | { kind: 'off' }
  | { kind: 'failed' }
  | { kind: 'up-to-date' }
  | { kind: 'downloading'; version?: string | undefined }
  | { kind: 'ready'; version?: string | undefined }

export interface UpdateService extends UpdateChannels {
  readonly enabled: boolean
  /** Asks the feed now (the Help menu, and the periodic checks); never rejects. */
  check(): Promise<UpdateCheckOutcome>
  /** Starts the first and the periodic checks (timers that never keep the app alive). */
  start(): void
  stop(): void
}

export interface UpdateServiceDeps {
  /** electron-updater's autoUpdater, or null when no feed is configured (updates off). */
  updater: UpdaterLike | null
  inFlight: Pick<InFlightRequests, 'count' | 'whenSettled' | 'holdNew'>
  log: UpdateLog
  restartWaitMs?: number
}

/**
 * Application updates for a clerk who may be sending payroll requests at any moment. electron-updater
 * downloads a release in the background and installs it on the next quit; "Restart to update" installs
 * it now, but only with no request in flight: a request cut off by the restart ends Uncertain. Asked
 * while requests are out, the restart waits (bounded) for them; if they are still out after the wait,
 * it does not restart and says so. Update failures are logged and otherwise silent: a clerk can do
 * nothing about a release server being down, and the update simply waits for the next check.
 */
export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const { updater, inFlight, log } = deps
  const restartWaitMs = deps.restartWaitMs ?? RESTART_WAIT_MS
  const listeners = new Set<(status: UpdateStatus) => void>()
  let status: UpdateStatus = NO_UPDATE
  let waiting = false
  let timers: ReturnType<typeof setTimeout>[] = []

  const publish = (next: UpdateStatus) => {
    status = next
    for (const listener of [...listeners]) {
      try {
        listener(status)
      } catch {
        // One broken subscriber must not keep the others from hearing about the update.
      }
    }
  }

  if (updater) {
    updater.autoDownload = true
    // An update downloaded but not restarted into is installed when the clerk quits (the quit itself
    // asks first while requests are out).
    updater.autoInstallOnAppQuit = true
    updater.on('update-available', (info: UpdateInfoLike) => {
      if (status.state !== 'ready') publish({ state: 'downloading', ...versionOf(info) })
    })
    updater.on('update-downloaded', (info: UpdateInfoLike) => publish({ state: 'ready', ...versionOf(info) }))
    updater.on('update-cancelled', () => {
      if (status.state === 'downloading') publish(NO_UPDATE)
    })
    // Without an 'error' listener an EventEmitter throws the error, which would crash main.
    updater.on('error', (error: unknown) => {
      log.warn(`Update failed: ${describe(error)}`)
      if (status.state === 'downloading') publish(NO_UPDATE)
    })
  }

  /** True once the app is on its way out; false when the restart failed and the app carries on. */
  function install(): boolean {
    try {
      // Not silent (Windows shows its installer's progress), and start the app again afterwards.
      updater?.quitAndInstall(false, true)
      return true
    } catch (error) {
      log.warn(`Restarting into the update failed: ${describe(error)}`)
      publish({ state: 'ready', ...versionOf(status), restartHeldBack: 'restart-failed' })
      return false
    }
  }

  async function restartWhenSettled(): Promise<void> {
    const deadline = Date.now() + restartWaitMs
    // No new request starts meanwhile: the queue would otherwise keep the restart waiting until it gave up.
    const letNewOnes = inFlight.holdNew(HELD_FOR_RESTART_MESSAGE)
    let quitting = false
    try {
      for (;;) {
        const left = deadline - Date.now()
        const settled = left > 0 && (await inFlight.whenSettled(left))
        if (settled && inFlight.count() === 0) {
          log.info('Requests answered; restarting into the update')
          quitting = install()
          return
        }
        if (!settled) {
          log.warn(`Restart to update held back: ${inFlight.count()} request(s) still being sent after ${restartWaitMs} ms`)
          publish({ state: 'ready', ...versionOf(status), restartHeldBack: 'still-sending' })
          return
        }
        // A new request started between the wake-up and now: wait for it too, within the same deadline.
      }
    } finally {
      waiting = false
      // Quitting, nothing new starts until the app is gone; held back or failed, the clerk's work goes on.
      if (!quitting) letNewOnes()
    }
  }

  async function check(): Promise<UpdateCheckOutcome> {
    if (!updater) return { kind: 'off' }
    try {
      const result = await updater.checkForUpdates()
      // The download goes on after this answer. Its failure is told by the 'error' event (logged above);
      // its promise would otherwise reject with nobody listening, an uncaught error in Electron's main.
      result?.downloadPromise?.catch(() => undefined)
    } catch (error) {
      // The 'error' event has logged the cause already.
      log.info(`Update check ended without an answer: ${describe(error)}`)
      return status.state === 'none' ? { kind: 'failed' } : { kind: status.state, version: status.version }
    }
    return status.state === 'none' ? { kind: 'up-to-date' } : { kind: status.state, version: status.version }
  }

  return {
    enabled: updater !== null,
    getUpdateStatus: async () => ok(status),
    async restartToUpdate() {
      if (status.state !== 'ready') return noUpdateReady()
      const sending = inFlight.count()
      if (waiting) return ok({ restarting: false, waitingForSends: sending })
      if (sending === 0) {
        log.info(`Restarting into version ${status.version ?? '(unknown)'} at the clerk's request`)
        // After this answer has gone back to the window; no request starts in between.
        const letNewOnes = inFlight.holdNew(HELD_FOR_RESTART_MESSAGE)
        setImmediate(() => {
          if (!install()) letNewOnes()
        })
        return ok({ restarting: true, waitingForSends: 0 })
      }
      waiting = true
      log.info(`Restart to update asked with ${sending} request(s) being sent; waiting for their answers`)
      publish({ state: 'ready', ...versionOf(status), waitingForSends: sending })
      void restartWhenSettled()
      return ok({ restarting: false, waitingForSends: sending })
    },
    onUpdateStatus(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    check,
    start() {
      if (!updater || timers.length > 0) return
      timers = [setTimeout(() => void check(), FIRST_CHECK_AFTER_MS), setInterval(() => void check(), CHECK_EVERY_MS)]
      for (const timer of timers) timer.unref?.()
    },
    stop() {
      for (const timer of timers) clearTimeout(timer)
      timers = []
      listeners.clear()
    }
  }
}

function versionOf(info: { version?: string | undefined }): { version?: string } {
  return typeof info.version === 'string' && info.version.length > 0 ? { version: info.version.slice(0, 100) } : {}
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}
