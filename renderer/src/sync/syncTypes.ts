import type { TeamClaims } from '../team/teamClaims'
import type { StoreApi } from 'zustand/vanilla'
import type { LeaveDeskApi } from '../../../shared/ipc/types'
import type { Clock } from '../../../shared/primitives'
import type { DraftsRepository, DraftRecord, EpochMs, RepoResult } from '../db'

/** The public shapes of the sync queue: what it needs, what it offers, what the screens read. */

/** The part of `window.leaveDesk` the queue uses. */
export type SyncApi = Pick<
  LeaveDeskApi,
  | 'insertLeaveRequest'
  | 'getLeaveRequest'
  | 'putLeaveRequest'
  | 'onConnectivityChanged'
  | 'onSessionChanged'
  | 'getConnectivityStatus'
  | 'getSessionStatus'
  | 'listWritesInFlight'
  | 'takeSettledWrites'
>

/**
 * Runs `work` only if nobody else holds `name`, like `navigator.locks.request(name, { ifAvailable: true })`.
 * Answers `{ ran: false }` without calling `work` when the lock is taken (another window is syncing).
 */
export interface SyncLocks {
  runIfAvailable<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>
}

export type { TimerHandle } from '../../../shared/primitives'

export interface SyncRunnerDeps {
  repo: DraftsRepository
  api: SyncApi
  /** Default: navigator.locks (Web Locks), so two windows never sync at once; tests inject an in-process one. */
  locks?: SyncLocks
  /** Time and timers; default the system's. Tests move it by hand. */
  clock?: Clock
  /** In [0, 1): the jitter of the retry backoff. */
  random?: () => number
  /** Employees whose requests are sent in parallel. Default 4. */
  concurrency?: number
  /** The payroll this page's drafts were written for (payrollKeyOf); each write carries it to main. */
  payroll?: string
  /** The UTC offset, in minutes, to write on each date. Default: the machine's offset on that date. */
  offsetMinutesOf?: (date: string) => number
  /** The Web Lock's name; windows of one app share it. */
  lockName?: string
  /** The team ledger's claim before each insert (team/teamClaims.ts); absent: no team, as before. */
  teamClaims?: TeamClaims
}

/**
 * Why nothing more is being sent until something changes. 'refused': payroll refused access to a file
 * (403) or did not know the insert route (404), a problem every request would meet; it waits for the
 * clerk ("Sync now") or a different sign-in.
 */
export type PauseReason = 'signed-out' | 'quota' | 'offline' | 'refused'

export interface SyncPause {
  reason: PauseReason
  message: string
}

/** How one run ended, counted by what happened to the drafts it sent. */
export interface SyncSummary {
  /** False when the run did not happen: another window holds the lock, the API is offline, or the queue is paused. */
  ran: boolean
  synced: number
  needsAttention: number
  uncertain: number
  /** Back in the queue, to be tried again at `nextRetryAt`. */
  waitingToRetry: number
  /** The earliest time a queued draft is due again, if any is waiting. */
  nextRetryAt?: EpochMs
  paused?: SyncPause
  /** Why the run did not happen, in the clerk's words. */
  skipped?: string
  finishedAt: EpochMs
}

export interface SyncProgress {
  running: boolean
  /** Drafts this run took on (grows when a lane moves on to an employee's next request). */
  total: number
  done: number
  /** Drafts in flight now. */
  inFlight: number
  /** When this run (or the last) started; with `completions`, the run's pace (selectEtaSeconds). */
  startedAt: EpochMs
  /** When the run's most recent requests finished, oldest first (a window, not all of them). */
  completions: readonly EpochMs[]
  paused?: SyncPause
  /** In plain words, a problem with this computer (its storage refusing writes); undefined when none. */
  problem?: string
  lastSummary?: SyncSummary
  /**
   * Requests queued now, in every file, kept current while the runner is started (the clerk may queue
   * more after a run ended). Undefined until first counted.
   */
  waiting?: number
  /**
   * Of those, the requests held behind an earlier request for the same employee that waits for the clerk
   * (uncertain, or needing attention). Counted while no run is going on; undefined until then.
   */
  held?: number
}

/** The answer to the clerk's choices on an uncertain draft. */
export type ClerkChoiceResult = RepoResult<DraftRecord>

export interface SyncRunner {
  /** Recovers interrupted sends (under the lock), runs once, and subscribes to the triggers. */
  start(): Promise<void>
  stop(): void
  /** The clerk's "Sync now". */
  syncNow(): Promise<SyncSummary>
  /** "Send again" for an uncertain draft: back in the queue, posted on the next run (started now). */
  sendAgain(draftId: string): Promise<ClerkChoiceResult>
  /** "Mark as sent" for an uncertain draft: the clerk found it in payroll. */
  markAsSent(draftId: string): Promise<ClerkChoiceResult>
  /**
   * Whether main still has a request of this draft on its way to payroll (a page reloaded while it was
   * out): "Send again" waits until it settles. Records any late answers main has meanwhile.
   */
  earlierRequestInFlight(draftId: string): Promise<boolean>
  /** The live progress, a vanilla store: React reads it through useSyncProgress (beside SyncPanel). */
  progress: StoreApi<SyncProgress>
  /** The progress now (tests, logs). */
  getProgress(): SyncProgress
}
