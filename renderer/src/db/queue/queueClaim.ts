import type { FieldIssue } from '../../../../shared/apiSchemas'
import type { LeaveRequestInsert } from '../../../../shared/leaveRequestSchema'
import { err, type Result } from '../../../../shared/result'
import { compact, liveDraft, loadLiveDraft, moveDraft } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { ClaimMark, DraftRecord, EpochMs } from '../records'
import { invalid, type Refusal } from '../repositoryResult'
import type { LaneCheck } from './groupLaneCheck'
import { isWaitingBehindEarlier } from './queueReads'
import { updateSendOf, type UpdateSend } from './claimUpdate'
import type { UnrecordedAcceptance } from './unrecordedAcceptances'

/**
 * How a claimed draft goes: posted with the body built (and checked) during the claim, or, when payroll
 * accepted it earlier while the database refused to record that, recorded from that answer, never posted.
 */
export type ClaimedSend =
  | { kind?: undefined; draft: DraftRecord; body: LeaveRequestInsert; accepted?: undefined }
  | { kind?: undefined; draft: DraftRecord; accepted: UnrecordedAcceptance; body?: undefined }
  /** A pending change to a request in payroll (claimUpdate.ts). */
  | UpdateSend

/**
 * Why a draft was not claimed; nothing was written. 'not-now': queued but not due by the runner's clock,
 * or held behind an earlier request of its lane. 'invalid': the rules refuse it (the caller records
 * that). The others are the store's usual refusals (gone, deleted, not queued).
 */
export type ClaimRefusal = Refusal | { reason: 'not-now'; message: string }

export type ClaimResult = Result<ClaimedSend, ClaimRefusal>

export interface ClaimContext {
  /** The runner's clock: the draft must be due by then. */
  now: EpochMs
  /** When the claim is written (the attempt's `sentAt`). */
  claimedAt: EpochMs
  build: (draft: DraftRecord) => Result<LeaveRequestInsert, FieldIssue[]>
  acceptanceOf: (id: string) => UnrecordedAcceptance | undefined
  /** main's boot id, when known: written on the claim (ClaimMark), so a reload may renounce it. */
  claimedUnder?: string | undefined
}

const NOT_NOW = 'This request is not due yet, or waits behind an earlier request for the same employee.'

/**
 * The runner's claim of one draft: every check that decides whether it may go, the request body built
 * once, and queued → sending with the attempt counted, all in the one readwrite transaction that writes
 * the claim (nothing can change between the checks and the claim). Committed before this resolves, so
 * the request leaves only once the database knows it is being sent.
 */
export function claimDraft(db: LeaveDeskDb, id: string, context: ClaimContext): Promise<ClaimResult> {
  // A plain function returning Dexie's promise chain: no await inside (queueGroupWrite.ts says why).
  return db.transaction('rw', db.drafts, () => claimInTransaction(db, id, context))
}

/** What a group transaction (queueGroupWrite.ts) shares with each of its claims. */
export interface GroupClaimHelp {
  /** The lane check shared by the group's claims (groupLaneCheck.ts); by default the claim asks it alone. */
  lanes?: LaneCheck
  /** The draft as already read in this transaction, when nothing in it has written the draft since. */
  stored?: Promise<DraftRecord | undefined>
}

/** The claim's checks and write, inside a readwrite transaction on the drafts the caller opened. */
export function claimInTransaction(db: LeaveDeskDb, id: string, context: ClaimContext): Promise<ClaimResult> {
  return checkClaim(db, id, context).then((checked) => (checked.ok ? db.drafts.put(checked.value.draft).then(() => checked) : checked))
}

/**
 * The claim's checks, and the send with the claimed draft to write (`value.draft`), writing nothing: the
 * caller writes the claimed draft in the same transaction before the request may leave. A group checks
 * several claims of different lanes side by side and writes them together (queueGroupWrite.ts). Chained
 * with `.then`, not awaited: see queueGroupWrite.ts on Dexie's promises inside a transaction.
 */
export function checkClaim(db: LeaveDeskDb, id: string, context: ClaimContext, help: GroupClaimHelp = {}): Promise<ClaimResult> {
  const lanes = help.lanes ?? { isWaitingBehindEarlier: (draft: DraftRecord) => isWaitingBehindEarlier(db, draft) }
  const loading = help.stored ? help.stored.then((stored) => liveDraft(id, stored)) : loadLiveDraft(db, id)
  return loading.then((loaded): ClaimResult | Promise<ClaimResult> => {
    if (!loaded.ok) return loaded
    const draft = loaded.value
    const moved = moveDraft(draft, 'claim', {
      attempts: draft.attempts + 1,
      sentAt: context.claimedAt,
      nextAttemptAt: undefined,
      // Always rewritten: a mark left by an earlier claim must never name this one.
      claimedUnder: context.claimedUnder === undefined ? undefined : claimMark(context.claimedUnder, draft)
    })
    if (!moved.ok) return moved
    if ((draft.nextAttemptAt ?? Number.POSITIVE_INFINITY) > context.now) return notNow()
    return lanes.isWaitingBehindEarlier(draft).then((behind) => (behind ? notNow() : sendOf(draft, moved.value, context)))
  })
}

/** How the claimed draft goes (ClaimedSend), or why the rules refuse it. */
function sendOf(draft: DraftRecord, claimed: DraftRecord, context: ClaimContext): ClaimResult {
  const accepted = context.acceptanceOf(draft.id)
  if (accepted) return { ok: true, value: { draft: claimed, accepted } }
  if (draft.serverId !== undefined) {
    const update = updateSendOf({ ...draft, serverId: draft.serverId }, claimed, context.build)
    return update.ok ? { ok: true, value: update.value } : invalid(update.error)
  }
  const built = context.build(draft)
  return built.ok ? { ok: true, value: { draft: claimed, body: built.value } } : invalid(built.error)
}

/** A claim refused for now: not due, held behind an earlier request of its lane, or already claimed in this group. */
export function notNow(): ClaimResult {
  return err({ reason: 'not-now', message: NOT_NOW })
}

function claimMark(boot: string, before: DraftRecord): ClaimMark {
  return compact({ boot, tag: claimTag(), nextAttemptAt: before.nextAttemptAt, sentAt: before.sentAt })
}

/** 48 random bits, in hex: unique enough among one draft's claims under one run of main. */
function claimTag(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 12)
}
