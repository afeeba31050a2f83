/** The sync queue: posts queued drafts to payroll, one window at a time, and shows how it goes. */
export { createSyncRunner, DEFAULT_CONCURRENCY } from './syncRunner'
export { SyncPanel, SyncPanelView } from './SyncPanel'
export { DraftSyncDetails, DraftSyncDetailsView, type DraftSyncDetailsViewProps } from './DraftSyncDetails'
export { inProcessLocks, webLocks, SYNC_LOCK_NAME } from './syncLocks'
export { describeTimeLeft } from './throughputEstimate'
export { ATTEMPT_OUTCOME_WORDS } from './syncWords'
export type {
  SyncApi,
  SyncLocks,
  SyncRunnerDeps,
  SyncRunner,
  SyncSummary,
  SyncProgress,
  SyncPause,
  PauseReason,
  ClerkChoiceResult,
  TimerHandle
} from './syncTypes'
