import type { ApiError } from '../../../shared/apiError'
import { toEditorField } from '../drafts/editorFields'
import type { DraftAction } from './draftTransitions'
import { compact, loadLiveDraft, moveDraft } from './draftStore'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { AttemptOutcome, DraftError, DraftRecord, EpochMs } from './records'
import type { RepositoryDeps } from './repositoryDeps'
import { succeed, type RepoResult } from './repositoryResult'
import { writeSyncRecord, type SyncedResult } from './syncHistory'

/** The sync runner's side of a draft's life: claiming, recording outcomes, and the clerk's "Mark as sent". */

/** Queued → sending, counting the attempt, before the request leaves (so a crash leaves a trace). */
export function claimForSending(db: LeaveDeskDb, deps: RepositoryDeps, id: string): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    const moved = moveDraft(draft, 'claim', {
      attempts: draft.attempts + 1,
      sentAt: deps.now(),
      nextAttemptAt: undefined
    })
    if (moved.ok) await db.drafts.put(moved.value)
    return moved
  })
}

/**
 * What the runner learnt. `retry`: the request did not get through for a reason that passes (network
 * before sending, 5xx, 429, 503, signed out) and goes back to the queue; `needs-attention`: the server or
 * the rules refused it; `uncertain`: it may have reached payroll.
 */
export type SendOutcome =
  | { kind: 'synced'; serverId: number; lastModifiedDateUtc?: string }
  | {
      kind: 'retry'
      error: ApiError
      nextAttemptAt: EpochMs
      /**
       * False when the queue paused before payroll could act on the request (signed out, daily quota
       * used up): the draft goes back without the attempt counting against it (its backoff stays short).
       */
      countsAsAttempt?: boolean
    }
  | { kind: 'needs-attention'; error: ApiError }
  | { kind: 'uncertain'; error: ApiError }

const ACTION_OF: Readonly<Record<SendOutcome['kind'], DraftAction>> = {
  synced: 'synced',
  retry: 'retry',
  'needs-attention': 'refused',
  uncertain: 'lost'
}

function draftErrorOf(error: ApiError): DraftError {
  const draftError: DraftError = { code: error.code, message: error.message }
  if (error.fieldIssues && error.fieldIssues.length > 0) {
    draftError.fieldIssues = error.fieldIssues.map((issue) => ({ ...issue, field: toEditorField(issue.field) }))
  }
  return draftError
}

function changesFor(outcome: SendOutcome, draft: DraftRecord, now: EpochMs): Partial<DraftRecord> {
  switch (outcome.kind) {
    case 'synced':
      return {
        serverId: outcome.serverId,
        lastModifiedDateUtc: outcome.lastModifiedDateUtc,
        syncedAt: now,
        lastError: undefined
      }
    case 'retry': {
      const changes = { lastError: draftErrorOf(outcome.error), nextAttemptAt: outcome.nextAttemptAt }
      return outcome.countsAsAttempt === false ? { ...changes, attempts: Math.max(0, draft.attempts - 1) } : changes
    }
    default:
      return { lastError: draftErrorOf(outcome.error), nextAttemptAt: undefined }
  }
}

/**
 * Moves the draft on and appends the attempt to its history, in one transaction. From 'sending' for a
 * request that left; from 'queued' only to 'needs-attention' (it failed the rules just before sending).
 */
export function recordSendOutcome(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  outcome: SendOutcome
): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', [db.drafts, db.attempts, db.syncHistory, db.employees, db.leaveTypes], async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const now = deps.now()
    const moved = moveDraft(loaded.value, ACTION_OF[outcome.kind], changesFor(outcome, loaded.value, now))
    if (!moved.ok) return moved
    await db.drafts.put(moved.value)
    await db.attempts.add(
      compact({
        draftId: id,
        at: now,
        outcome: outcome.kind === 'synced' ? 'ok' : outcome.error.code,
        message: outcome.kind === 'synced' ? `Accepted by payroll as #${outcome.serverId}.` : outcome.error.message,
        httpStatus: outcome.kind === 'synced' ? undefined : outcome.error.status
      })
    )
    if (outcome.kind === 'synced') await writeSyncRecord(db, moved.value, outcome, now, false)
    return moved
  })
}

export const INTERRUPTED_MESSAGE =
  'The app closed while this request was being sent; it may or may not have reached payroll.'

/**
 * At start-up, before the runner starts: a draft still 'sending' belongs to a request the app never heard
 * back about. It becomes 'uncertain' and waits for the clerk. Call it while holding the runner's lock, so
 * another window's request in flight is not mistaken for an interrupted one. Returns how many moved.
 */
export function recoverInterruptedSends(db: LeaveDeskDb, deps: RepositoryDeps): Promise<number> {
  return db.transaction('rw', db.drafts, db.attempts, async () => {
    const interrupted = await db.drafts.where('status').equals('sending').toArray()
    const now = deps.now()
    const lastError: DraftError = { code: 'unknown-outcome', message: INTERRUPTED_MESSAGE }
    const moved = interrupted.map((draft) => moveDraft(draft, 'lost', { lastError }))
    const recovered = moved.flatMap((result) => (result.ok ? [result.value] : []))
    await db.drafts.bulkPut(recovered)
    const outcome: AttemptOutcome = 'interrupted'
    await db.attempts.bulkAdd(recovered.map((d) => ({ draftId: d.id, at: now, outcome, message: INTERRUPTED_MESSAGE })))
    return recovered.length
  })
}

/**
 * The clerk's "Mark as sent" for an uncertain draft: they found it in payroll. The Id is optional because
 * the clerk may not know it.
 */
export function markSent(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  serverResult: SyncedResult = {}
): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', [db.drafts, db.syncHistory, db.employees, db.leaveTypes], async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    const now = deps.now()
    const moved = moveDraft(draft, 'markSent', {
      serverId: serverResult.serverId,
      lastModifiedDateUtc: serverResult.lastModifiedDateUtc,
      syncedAt: now,
      updatedAt: now,
      lastError: undefined
    })
    if (!moved.ok) return moved
    await db.drafts.put(moved.value)
    await writeSyncRecord(db, moved.value, serverResult, now, true)
    return succeed(moved.value)
  })
}
