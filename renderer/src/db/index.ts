export { LeaveDeskDb, openLeaveDeskDb, DEFAULT_DB_NAME, type OpenLeaveDeskDbOptions } from './leaveDeskDb'
export { SCHEMA_HISTORY, CURRENT_SCHEMA_VERSION, type SchemaVersion } from './schemaHistory'
export type * from './records'
export {
  DRAFT_TRANSITIONS,
  canApply,
  canMove,
  isEditable,
  isDeletable,
  EDITABLE_STATUSES,
  DELETABLE_STATUSES,
  type DraftAction
} from './draftTransitions'
export type { Refusal, RepoResult } from './repositoryResult'
export type { RepositoryDeps } from './repositoryDeps'
export { createDraftsRepository, type DraftsRepository } from './draftsRepository'
export { WORKING_STATUSES, type ListDraftsOptions, type StatusCounts } from './draftQueries'
export type { DraftCheck, QueueAllSummary } from './draftQueueing'
export {
  INTERRUPTED_MESSAGE,
  INTERRUPTED_UPDATE_MESSAGE,
  type UpdateSend,
  BLOCKING_STATUSES,
  laneKeyOf,
  acceptedButUnrecordedMessage,
  type QueueStore,
  type SendOutcome,
  type ClaimResult,
  type ClaimOptions,
  type Acceptance
} from './queue'
export type { SyncedResult, SyncNames } from './syncHistory'
export type { DraftToImport } from './draftImport'
export type { InPayrollOperations, RefreshResult } from './inPayroll'
