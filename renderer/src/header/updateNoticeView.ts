import type { UpdateStatus } from '../../../shared/ipc'

/** What the clerk's own click has led to, before main says more. */
export type RestartRequest = { kind: 'idle' } | { kind: 'restarting' } | { kind: 'refused'; message: string }

export interface UpdateNoticeView {
  text: string
  /** The "Restart to update" button is offered. */
  canRestart: boolean
}

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`)

/** The header's update line in plain words, or null when there is nothing to say (no nagging). */
export function updateNoticeView(status: UpdateStatus, request: RestartRequest): UpdateNoticeView | null {
  if (status.state !== 'ready') return null
  if (request.kind === 'restarting') return { text: 'Restarting to update…', canRestart: false }
  const waiting = status.waitingForSends ?? 0
  if (waiting > 0) {
    return { text: `Waiting for ${plural(waiting, 'request', 'requests')} to finish sending, then restarting…`, canRestart: false }
  }
  if (status.restartHeldBack === 'still-sending') {
    return {
      text: 'Not restarted: requests are still being sent. Try again when they are done, or the update installs when you quit.',
      canRestart: true
    }
  }
  if (status.restartHeldBack === 'restart-failed') {
    return { text: 'Leave Desk could not restart just now. Try again, or the update installs when you quit.', canRestart: true }
  }
  if (request.kind === 'refused') return { text: request.message, canRestart: true }
  return { text: status.version ? `Version ${status.version} is ready.` : 'A new version is ready.', canRestart: true }
}
