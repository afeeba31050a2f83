/**
 * What the window does when its page dies (`render-process-gone`) or fails to load (`did-fail-load`):
 * reload, and tell the clerk, so they never face a blank window. The drafts are in IndexedDB, so a
 * reload loses nothing; a request that was being sent becomes Uncertain in the reloaded queue. A page
 * that keeps dying is not reloaded in a tight loop: after MAX_RELOADS within WINDOW_MS the clerk is
 * asked instead (reload again, or quit and report it with the log).
 */
export const MAX_RELOADS = 3
export const WINDOW_MS = 60_000

export type RecoveryNotice =
  | { kind: 'reloaded'; cause: string }
  | { kind: 'keeps-failing'; cause: string }

export interface WindowRecoveryDeps {
  reload: () => void
  /** Tells the clerk; for 'keeps-failing' resolves true when they ask to try again. */
  tell: (notice: RecoveryNotice) => Promise<boolean>
  quit: () => void
  now?: () => number
  log?: (message: string) => void
}

/** Chromium's "the load was cancelled" (a navigation replaced it): not a failure. */
const ERR_ABORTED = -3

export function createWindowRecovery(deps: WindowRecoveryDeps): {
  renderProcessGone(details: { reason: string; exitCode?: number }): void
  didFailLoad(errorCode: number, errorDescription: string, isMainFrame: boolean): void
} {
  const now = deps.now ?? Date.now
  let recent: number[] = []

  function recover(cause: string): void {
    deps.log?.(`The window's page failed (${cause})`)
    const at = now()
    recent = recent.filter((time) => at - time < WINDOW_MS)
    if (recent.length >= MAX_RELOADS) {
      recent = []
      void deps.tell({ kind: 'keeps-failing', cause }).then((again) => (again ? deps.reload() : deps.quit()), deps.quit)
      return
    }
    recent.push(at)
    deps.reload()
    void deps.tell({ kind: 'reloaded', cause }).catch(() => undefined)
  }

  return {
    renderProcessGone(details) {
      // A clean exit happens when the window is closing; there is nothing to recover.
      if (details.reason === 'clean-exit') return
      recover(`its process ended: ${details.reason}${details.exitCode ? ` (exit code ${details.exitCode})` : ''}`)
    },
    didFailLoad(errorCode, errorDescription, isMainFrame) {
      if (!isMainFrame || errorCode === ERR_ABORTED) return
      recover(`it could not load: ${errorDescription || 'unknown error'} (${errorCode})`)
    }
  }
}
