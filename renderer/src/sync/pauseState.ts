import type { EpochMs } from '../db'
import type { ProgressStore } from './syncProgressStore'
import type { PauseReason, SyncPause } from './syncTypes'

/**
 * Why the queue is holding back, mirrored into the progress store so the panel can say so. Each reason
 * clears in its own way: signed-out when main says the clerk is signed in, offline when payroll answers
 * again, quota at the start of the next day (UTC, as main counts it) or when the clerk presses "Sync now",
 * refused when the clerk presses "Sync now" or signs in differently.
 */
export const SIGNED_OUT_MESSAGE = 'Signed out — sign in to continue'
export const OFFLINE_MESSAGE = 'Payroll can’t be reached — sending starts again when it is back'
export const QUOTA_FALLBACK_MESSAGE = 'Today’s limit of requests to payroll is used up — sending starts again tomorrow'
export const REFUSED_FALLBACK_MESSAGE = 'Payroll refused these requests. Check your access, then press Sync now.'

const DAY_MS = 86_400_000

export interface PauseState {
  current(): SyncPause | undefined
  is(reason: PauseReason): boolean
  pause(reason: PauseReason, message?: string): SyncPause
  /** Clears the pause if it is for `reason`. */
  clear(reason: PauseReason): void
  /** When a quota pause ends by itself. */
  quotaResumesAt(): EpochMs | undefined
}

export function pauseState(progress: ProgressStore, now: () => EpochMs): PauseState {
  let current: SyncPause | undefined
  let quotaUntil: EpochMs | undefined

  const set = (next: SyncPause | undefined) => {
    current = next
    progress.setPaused(next)
  }

  return {
    current: () => current,
    is: (reason) => current?.reason === reason,
    pause(reason, message) {
      const next: SyncPause = { reason, message: messageFor(reason, message) }
      quotaUntil = reason === 'quota' ? (Math.floor(now() / DAY_MS) + 1) * DAY_MS : undefined
      set(next)
      return next
    },
    clear(reason) {
      if (current?.reason !== reason) return
      quotaUntil = undefined
      set(undefined)
    },
    quotaResumesAt: () => quotaUntil
  }
}

function messageFor(reason: PauseReason, message: string | undefined): string {
  switch (reason) {
    case 'signed-out':
      return SIGNED_OUT_MESSAGE
    case 'offline':
      return OFFLINE_MESSAGE
    case 'quota':
      // Main's own words: it knows the limit and the day.
      return message && message.trim() !== '' ? message : QUOTA_FALLBACK_MESSAGE
    case 'refused':
      // The batch's words: which file, payroll's reason, what to do.
      return message && message.trim() !== '' ? message : REFUSED_FALLBACK_MESSAGE
  }
}
