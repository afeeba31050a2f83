import type { CalendarDate } from '../../../../shared/calendarDate'
import type { FieldIssue } from '../../../../shared/apiSchemas'
import { buildRequestBody } from '../../drafts/checkDraft'
import { machineOffsetMinutes } from '../../drafts/draftToLeaveRequest'
import type { LeaveRequestInsert } from '../../../../shared/leaveRequestSchema'
import { err, type Result } from '../../../../shared/result'
import { loadLiveDraft, moveDraft } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs } from '../records'
import { invalid, type Refusal } from '../repositoryResult'
import { OUTCOME_TABLES, recordInTransaction, type Acceptance, type SendOutcome } from './queueOutcomes'
import { isSamePlace, requestsAhead, type LanePlace } from './queueReads'
import { updateSendOf, type UpdateSend } from './claimUpdate'

/**
 * How a claimed draft goes: posted with the body built (and checked) during the claim, or, when payroll
 * accepted it earlier while the database refused to record that, recorded from that answer, never posted.
 */
export type ClaimedSend =
  | { kind?: undefined; draft: DraftRecord; body: LeaveRequestInsert; accepted?: undefined }
  | { kind?: undefined; draft: DraftRecord; accepted: Acceptance; body?: undefined }
  /** A pending change to a request in payroll (claimUpdate.ts). */
  | UpdateSend

/**
 * Why a draft was not claimed; nothing was written. 'not-now': queued but not due by the runner's clock,
 * or held behind an earlier request of its lane. 'invalid': the rules refuse it (the caller records
 * that). The others are the store's usual refusals (gone, deleted, not queued).
 */
export type ClaimRefusal = Refusal | { reason: 'not-now'; message: string }

export type ClaimResult = Result<ClaimedSend, ClaimRefusal>

export interface ClaimOptions {
  /** The runner's clock: the draft must be due by then. Default: now. */
  now?: EpochMs
  /** The UTC offset, in minutes, written on each date. Default: the machine's offset on that date. */
  offsetMinutesOf?: (date: CalendarDate) => number
  /**
   * Where the runner saw the draft in its lane when it listed it. Its lane is then read together with the
   * draft (one round trip of the transaction instead of two, so a keystroke's save waits less behind the
   * claim), and that read counts only if the draft is still in that place; otherwise it is read again.
   */
  listedAt?: LanePlace
  /**
   * The outcome of the lane's previous request, written in the claim's transaction (one transaction per
   * request instead of two). If it is refused or the transaction fails, nothing is written and the claim
   * throws: the caller writes that outcome alone, as any other.
   */
  recordFirst?: { id: string; outcome: SendOutcome; sent?: DraftRecord }
}

/** What the claim takes from its store: the clock, and payroll's acceptances held in memory. */
export interface ClaimDeps {
  now: () => EpochMs
  acceptanceOf: (id: string) => Acceptance | undefined
}

const NOT_NOW = 'This request is not due yet, or waits behind an earlier request for the same employee.'

/**
 * The runner's claim of one draft: every check that decides whether it may go, the request body built
 * once, and queued → sending with the attempt counted, all in the one readwrite transaction that writes
 * the claim (nothing can change between the checks and the claim). Committed before this resolves, so
 * the request leaves only once the database knows it is being sent.
 */
export function claimDraft(db: LeaveDeskDb, deps: ClaimDeps, id: string, options: ClaimOptions): Promise<ClaimResult> {
  const first = options.recordFirst
  return db.transaction('rw', first ? OUTCOME_TABLES(db) : [db.drafts], async () => {
    // The lane's previous request and the claim go side by side, round trips fewer: the lane's reads may
    // still find that request 'sending', so it is not counted as ahead. Refused, it undoes the claim too.
    const claimed = checkClaim(db, deps, id, options).then(async (checked) => {
      if (checked.ok) await db.drafts.put(checked.value.draft)
      return checked
    })
    const [written, checked] = await Promise.all([first && recordInTransaction(db, deps, first.id, first.outcome, first.sent), claimed])
    if (written && !written.ok) throw new Error('The earlier request’s outcome was refused: nothing of this transaction is kept.')
    return checked
  })
}

/** The claim's checks, and the send with the claimed draft to write (`value.draft`); writes nothing. */
async function checkClaim(db: LeaveDeskDb, deps: ClaimDeps, id: string, options: ClaimOptions): Promise<ClaimResult> {
  const { listedAt } = options
  const recorded = options.recordFirst?.id
  const [loaded, aheadOfListed] = await Promise.all([loadLiveDraft(db, id), listedAt ? requestsAhead(db, listedAt, recorded) : undefined])
  if (!loaded.ok) return loaded
  const draft = loaded.value
  const moved = moveDraft(draft, 'claim', { attempts: draft.attempts + 1, sentAt: deps.now(), nextAttemptAt: undefined, claimTag: claimTag() })
  if (!moved.ok) return moved
  if ((draft.nextAttemptAt ?? Number.POSITIVE_INFINITY) > (options.now ?? deps.now())) return notNow()
  const ahead = aheadOfListed && listedAt && isSamePlace(listedAt, draft) ? aheadOfListed : await requestsAhead(db, draft, recorded)
  if (ahead.length > 0) return notNow()
  const accepted = deps.acceptanceOf(draft.id)
  if (accepted) return { ok: true, value: { draft: moved.value, accepted } }
  return sendOf(draft, moved.value, (checked) => buildRequestBody(checked, options.offsetMinutesOf ?? machineOffsetMinutes))
}

/** How the claimed draft goes (ClaimedSend), or why the rules refuse it. */
function sendOf(draft: DraftRecord, claimed: DraftRecord, build: (draft: DraftRecord) => Result<LeaveRequestInsert, FieldIssue[]>): ClaimResult {
  if (draft.serverId !== undefined) {
    const update = updateSendOf({ ...draft, serverId: draft.serverId }, claimed, build)
    return update.ok ? { ok: true, value: update.value } : invalid(update.error)
  }
  const built = build(draft)
  return built.ok ? { ok: true, value: { draft: claimed, body: built.value } } : invalid(built.error)
}

/** A claim refused for now: not due, or held behind an earlier request of its lane. */
function notNow(): ClaimResult {
  return err({ reason: 'not-now', message: NOT_NOW })
}

/** 48 random bits, in hex: unique enough among one draft's claims. */
function claimTag(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 12)
}
