import type { ApiError } from '../../../../shared/apiError'
import { toEditorField } from '../../drafts/editorFields'
import type { DraftAction } from '../draftTransitions'
import { compact, loadLiveDraft, moveDraft } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { AttemptOutcome, AttemptRecord, ColleagueClaim, DraftError, DraftRecord, EpochMs, PayrollCopy, UnconfirmedUpdate } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import { succeed, type RepoResult } from '../repositoryResult'
import { writeSyncRecord, type SyncedResult, type SyncNames } from '../syncHistory'

/** The queue's writes after a send: recording outcomes, recovering interrupted sends, "Mark as sent". */

type QueueDeps = Pick<RepositoryDeps, 'now'>

/**
 * What the runner learnt. `retry`: the request did not get through for a reason that passes (network
 * before sending, 5xx, 429, 503, signed out) and goes back to the queue; `needs-attention`: the server or
 * the rules refused it; `uncertain`: it may have reached payroll.
 */
export type SendOutcome =
  | {
      kind: 'synced'
      serverId: number
      lastModifiedDateUtc?: string
      /** An update: payroll's copy now (what was sent, at the version payroll answered). */
      inPayroll?: PayrollCopy
    }
  | {
      kind: 'retry'
      error: ApiError
      nextAttemptAt: EpochMs
      /**
       * An update that may have reached payroll (its answer was lost): kept on the draft so the next
       * claim reads payroll before sending anything. Absent: nothing of this draft may be in payroll
       * unconfirmed (an update known not applied, or an insert).
       */
      unconfirmedUpdate?: UnconfirmedUpdate
      /**
       * False when the queue paused before payroll could act on the request (signed out, daily quota
       * used up): the draft goes back without the attempt counting against it (its backoff stays short).
       */
      countsAsAttempt?: boolean
    }
  /** `colleagueClaim`: stopped before payroll because a colleague claimed the same leave first. */
  | { kind: 'needs-attention'; error: ApiError; colleagueClaim?: ColleagueClaim }
  | { kind: 'uncertain'; error: ApiError }
  /** An update: payroll holds a third version (neither the one read nor the one sent). */
  | { kind: 'conflict'; error: ApiError; payrollChanged: PayrollCopy }

const ACTION_OF: Readonly<Record<SendOutcome['kind'], DraftAction>> = {
  synced: 'synced',
  retry: 'retry',
  'needs-attention': 'refused',
  uncertain: 'lost',
  conflict: 'conflict'
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
      return syncedChanges(outcome, now)
    case 'retry': {
      const changes = { lastError: draftErrorOf(outcome.error), nextAttemptAt: outcome.nextAttemptAt, unconfirmedUpdate: outcome.unconfirmedUpdate }
      return outcome.countsAsAttempt === false ? { ...changes, attempts: Math.max(0, draft.attempts - 1) } : changes
    }
    case 'conflict':
      return { lastError: draftErrorOf(outcome.error), nextAttemptAt: undefined, unconfirmedUpdate: undefined, payrollChanged: outcome.payrollChanged }
    case 'needs-attention':
      return { lastError: draftErrorOf(outcome.error), nextAttemptAt: undefined, unconfirmedUpdate: undefined, colleagueClaim: outcome.colleagueClaim }
    default:
      return { lastError: draftErrorOf(outcome.error), nextAttemptAt: undefined, unconfirmedUpdate: undefined }
  }
}

/** An acceptance: payroll's Id and version; for an update also payroll's copy, and nothing left unconfirmed. */
function syncedChanges(result: SyncedResult & { inPayroll?: PayrollCopy }, now: EpochMs): Partial<DraftRecord> {
  const changes: Partial<DraftRecord> = { serverId: result.serverId, lastModifiedDateUtc: result.lastModifiedDateUtc, syncedAt: now, lastError: undefined, unconfirmedUpdate: undefined, payrollChanged: undefined }
  if (result.inPayroll) changes.inPayroll = result.inPayroll
  return changes
}

/**
 * Moves the draft on and appends the attempt to its history, in one transaction. From 'sending' for a
 * request that left; from 'queued' only to 'needs-attention' (it failed the rules just before sending).
 */
export async function recordSendOutcome(
  db: LeaveDeskDb,
  deps: QueueDeps,
  unrecorded: UnrecordedOutcomes,
  id: string,
  outcome: SendOutcome
): Promise<RepoResult<DraftRecord>> {
  const recorded = await db.transaction('rw', OUTCOME_TABLES(db), async () => {
    const loaded = await loadLiveDraft(db, id)
    return loaded.ok ? writeOutcome(db, loaded.value, outcome, deps.now()) : loaded
  })
  if (recorded.ok) forgetRecordedAnswer(unrecorded, id, outcome)
  return recorded
}

/** Once `outcome` is recorded: an answer held in memory for the draft is done with. */
export function forgetRecordedAnswer(unrecorded: UnrecordedOutcomes, id: string, outcome: SendOutcome): void {
  // An acceptance still held stays until payroll's answer itself is recorded (not the 'uncertain' note about it).
  if (outcome.kind === 'synced' || unrecorded.get(id)?.kind !== 'synced') unrecorded.delete(id)
}

/**
 * Outcomes the database refused to record, by draft: the queue store keeps them until it can. An
 * acceptance held here is recorded at the next recovery, at "Mark as sent", or instead of posting the
 * request again; only a page that goes away first loses it (its draft is then recovered as uncertain).
 */
export type UnrecordedOutcomes = Map<string, SendOutcome>

/** Payroll's acceptance: its number and version (for an update, also payroll's copy after it). */
export type Acceptance = Extract<SendOutcome, { kind: 'synced' }>

/** Shown on a draft payroll accepted while the database refused to record it. */
export function acceptedButUnrecordedMessage(serverId: number): string {
  return (
    `Payroll accepted this request as #${serverId}, but Leave Desk could not save that on this computer. ` +
    'It is in payroll: it is safe to choose "Mark as sent". Do not send it again.'
  )
}

/** Every table an outcome writes. */
export const OUTCOME_TABLES = (db: LeaveDeskDb) => [db.drafts, db.attempts, db.syncHistory, db.employees, db.leaveTypes]

/** The attempt history's line for an outcome. */
function attemptOf(draftId: string, outcome: SendOutcome, now: EpochMs): Omit<AttemptRecord, 'id'> {
  const outcomeCode: AttemptOutcome = outcome.kind === 'synced' ? 'ok' : outcome.error.code
  return compact({
    draftId,
    at: now,
    outcome: outcomeCode,
    message: outcome.kind === 'synced' ? `Accepted by payroll as #${outcome.serverId}.` : outcome.error.message,
    httpStatus: outcome.kind === 'synced' ? undefined : outcome.error.status
  })
}

type OutcomeOptions = { action?: DraftAction; changes?: Partial<DraftRecord>; names?: SyncNames | undefined }

/**
 * The draft moved on by `outcome` (by `action`, with `changes`: by default the outcome's own), with its
 * attempt and, for a success, its sync record (`names`: read already). In a transaction.
 */
export async function writeOutcome(db: LeaveDeskDb, draft: DraftRecord, outcome: SendOutcome, now: EpochMs, options: OutcomeOptions = {}): Promise<RepoResult<DraftRecord>> {
  const issued = issueOutcomeWrites(db, draft, outcome, now, options)
  return issued.ok ? issued.value.writes.then(() => succeed(issued.value.moved)) : issued
}

/** writeOutcome's writes, issued together, all before this returns when a success has its `names`; refused, none. */
export function issueOutcomeWrites(db: LeaveDeskDb, draft: DraftRecord, outcome: SendOutcome, now: EpochMs, options: OutcomeOptions) {
  const { action = ACTION_OF[outcome.kind], changes = changesFor(outcome, draft, now), names } = options
  const moved = moveDraft(draft, action, changes)
  if (!moved.ok) return moved
  const writes: Promise<unknown>[] = [db.drafts.put(moved.value), db.attempts.add(attemptOf(draft.id, outcome, now))]
  if (outcome.kind === 'synced') writes.push(writeSyncRecord(db, moved.value, outcome, now, false, names))
  return succeed({ moved: moved.value, writes: Promise.all(writes) })
}

export const INTERRUPTED_MESSAGE =
  'The app closed while this request was being sent; it may or may not have reached payroll.'

/**
 * Whether main still has this draft's request out (sent by a page since reloaded): an insert out is not
 * interrupted, only on its way. It stays 'sending' and takes the request's answer when main has it
 * (recordLateAnswer), so after a reload mid-sync the clerk never sees it Uncertain meanwhile.
 */
export type StillOut = (draft: DraftRecord) => boolean

/**
 * Records what payroll answered while the database was refusing writes (UnrecordedOutcomes): an
 * acceptance makes the draft synced with payroll's Id, whether it is still 'sending' or was already made
 * 'uncertain' (one the clerk has queued again stays queued: the send records it without posting); any
 * other answer moves a draft still 'sending' as it would have then (back in the queue, needing attention,
 * or uncertain with the real reason), never as "interrupted". Touches no other draft, so it is safe
 * without the runner's lock (the queue retries a failing database while paused).
 *
 * With `interrupted` (at start-up and before each run, under the runner's lock, so another window's
 * request in flight is not mistaken for an interrupted one), then every draft still 'sending' belongs to
 * a request the app never heard back about (recoverStillSending). Returns how many moved.
 */
export async function settleUnrecorded(db: LeaveDeskDb, deps: QueueDeps, pending: UnrecordedOutcomes, interrupted?: StillOut): Promise<number> {
  const { moved, settled } = await db.transaction('rw', OUTCOME_TABLES(db), async () => {
    const now = deps.now()
    /** Entries done with: recorded now, or whose draft is gone, already synced, or moved on. */
    const settled: string[] = []
    let finishedCount = 0
    for (const [id, outcome] of [...pending]) {
      const draft = await db.drafts.get(id)
      if (!draft || draft.deletedAt !== undefined || draft.status === 'synced') {
        settled.push(id)
        continue
      }
      const finished =
        outcome.kind === 'synced' ? await finishAcceptance(db, draft, outcome, now) : draft.status === 'sending' ? await writeOutcome(db, draft, outcome, now) : null
      // An acceptance for a draft queued again waits for its send; anything else no longer applies.
      if (finished === null && outcome.kind === 'synced') continue
      settled.push(id)
      if (finished?.ok) finishedCount += 1
    }
    return { moved: finishedCount + (interrupted ? await recoverStillSending(db, now, interrupted) : 0), settled }
  })
  // Only once the transaction has committed: had it failed, the next recovery tries again.
  for (const id of settled) pending.delete(id)
  return moved
}

/** Payroll's acceptance recorded on a draft still 'sending' or made 'uncertain' meanwhile; null otherwise. */
function finishAcceptance(db: LeaveDeskDb, draft: DraftRecord, acceptance: Acceptance, now: EpochMs) {
  // 'markSent' is the only move out of 'uncertain' to 'synced'; here payroll's own answer makes it.
  const action = draft.status === 'sending' ? 'synced' : draft.status === 'uncertain' ? 'markSent' : null
  return action ? writeOutcome(db, draft, acceptance, now, { action }) : null
}

export const INTERRUPTED_UPDATE_MESSAGE =
  'The app closed while this change was being sent. Leave Desk reads the request from payroll to see whether the change arrived before sending anything again.'

/**
 * Every insert (still) 'sending' becomes 'uncertain', unless main still has its request out. An update never does: it goes back to the queue
 * with what it sent (unconfirmedUpdate, written by its claim), so the next claim reads payroll and
 * decides — synced, sent again (the version check makes that safe) or a conflict — without the clerk.
 * Inside settleUnrecorded's transaction.
 */
async function recoverStillSending(db: LeaveDeskDb, now: EpochMs, stillOut: StillOut): Promise<number> {
  // An update goes back to the queue whether or not it is out: its check waits for main to have no PUT of it out.
  const interrupted = (await db.drafts.where('status').equals('sending').toArray()).filter((draft) => draft.unconfirmedUpdate || !stillOut(draft))
  const lastError: DraftError = { code: 'unknown-outcome', message: INTERRUPTED_MESSAGE }
  const updateError: DraftError = { code: 'unknown-outcome', message: INTERRUPTED_UPDATE_MESSAGE }
  const moved = interrupted.map((draft) =>
    draft.unconfirmedUpdate
      ? moveDraft(draft, 'retry', { lastError: updateError, nextAttemptAt: now })
      : moveDraft(draft, 'lost', { lastError })
  )
  const recovered = moved.flatMap((result) => (result.ok ? [result.value] : []))
  await db.drafts.bulkPut(recovered)
  const outcome: AttemptOutcome = 'interrupted'
  await db.attempts.bulkAdd(recovered.map((d) => ({ draftId: d.id, at: now, outcome, message: d.lastError?.message ?? INTERRUPTED_MESSAGE })))
  return recovered.length
}

/**
 * The clerk's "Mark as sent" for an uncertain draft: they found it in payroll. The Id is optional because
 * the clerk may not know it; when payroll's own answer is still held (UnrecordedOutcomes), that is used.
 */
export async function markSent(
  db: LeaveDeskDb,
  deps: QueueDeps,
  unrecorded: UnrecordedOutcomes,
  id: string,
  clerkResult: SyncedResult = {}
): Promise<RepoResult<DraftRecord>> {
  const held = unrecorded.get(id)
  const serverResult: SyncedResult = clerkResult.serverId === undefined && held?.kind === 'synced' ? held : clerkResult
  const marked = await db.transaction('rw', [db.drafts, db.syncHistory, db.employees, db.leaveTypes], async () => {
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
  if (marked.ok) unrecorded.delete(id)
  return marked
}

/**
 * Payroll's late answer to a request this draft sent before the page reloaded (the draft was recovered
 * as interrupted: uncertain). An update's late answer changes nothing here: an update is recovered to
 * the queue with what it sent, and its check reads payroll once main has no PUT of it out (the answer
 * and the read cannot disagree). Applied only to that same attempt, still uncertain for that reason:
 * - accepted: synced with payroll's Id (as payroll's answer, not the clerk's "Mark as sent");
 * - not applied (refused or turned away before processing): queued again, due now, with payroll's
 *   words; sending it again cannot make a second record, and a refusal comes back as needing attention;
 * - still of unknown outcome: stays uncertain, with the real reason instead of "the app closed".
 * Answers whether it changed the draft.
 */
export async function recordLateAnswer(
  db: LeaveDeskDb,
  deps: QueueDeps,
  id: string,
  attempt: number,
  outcome: SendOutcome
): Promise<boolean> {
  return db.transaction('rw', OUTCOME_TABLES(db), async () => {
    const draft = await db.drafts.get(id)
    if (!draft || draft.deletedAt !== undefined || draft.attempts !== attempt) return false
    const now = deps.now()
    // An insert still 'sending' (main had it out at the recovery): the answer is that send's own outcome.
    if (draft.status === 'sending' && !draft.unconfirmedUpdate) return (await writeOutcome(db, draft, outcome, now)).ok
    if (draft.status !== 'uncertain' || draft.lastError?.message !== INTERRUPTED_MESSAGE) return false
    if (outcome.kind === 'synced') return (await writeOutcome(db, draft, outcome, now, { action: 'markSent' })).ok
    const lastError = draftErrorOf(outcome.error)
    const changes = { queuedAt: now, nextAttemptAt: now, lastError, updatedAt: now }
    if (outcome.kind !== 'uncertain') return (await writeOutcome(db, draft, outcome, now, { action: 'sendAgain', changes })).ok
    await db.drafts.put(compact({ ...draft, lastError }))
    await db.attempts.add(attemptOf(id, outcome, now))
    return true
  })
}
