import type { CalendarDate } from '../../../../shared/calendarDate'
import type { FieldIssue } from '../../../../shared/apiSchemas'
import { buildRequestBody } from '../../drafts/checkDraft'
import { machineOffsetMinutes } from '../../drafts/draftToLeaveRequest'
import type { LeaveRequestInsert } from '../../../../shared/leaveRequestSchema'
import { err, type Result } from '../../../../shared/result'
import { isUnchanged, loadLiveDraft, moveDraft, writeIfUnchanged } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs } from '../records'
import { invalid, type Refusal } from '../repositoryResult'
import { readSyncNames, type SyncNames } from '../syncHistory'
import { issueOutcomeWrites, OUTCOME_TABLES, type Acceptance } from './queueOutcomes'
import { requestsAhead } from './queueReads'
import { updateSendOf, type UpdateSend } from './claimUpdate'

/**
 * How a claimed draft goes: posted with the body built (and checked) during the claim, or, when payroll
 * accepted it earlier while the database refused to record that, recorded from that answer, never posted.
 * `names`: the employee's and leave type's names as the claim read them, for the draft's sync history.
 */
export type ClaimedSend =
  | { kind?: undefined; draft: DraftRecord; body: LeaveRequestInsert; names?: SyncNames; accepted?: undefined }
  | { kind?: undefined; draft: DraftRecord; accepted: Acceptance; names?: SyncNames; body?: undefined }
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
   * The draft as the runner listed it: checked before the transaction, whose writes go out with the
   * reads that confirm it (one round trip, not two: a keystroke's save waits less behind a claim).
   * Changed, or held behind its lane, that transaction is aborted and the claim made from the stored draft.
   */
  listed?: DraftRecord
  /**
   * The lane's previous outcome, written in the claim's transaction (one per request, not two) from the
   * draft as its claim wrote it (`sent`, with the `names` it read). Either of them changed, or the
   * transaction failing: nothing is written and the claim throws; the caller writes that outcome alone.
   */
  recordFirst?: { sent: DraftRecord; names?: SyncNames | undefined; outcome: Acceptance }
}

/** What the claim takes from its store: the clock, and payroll's acceptances held in memory. */
export interface ClaimDeps {
  now: () => EpochMs
  acceptanceOf: (id: string) => Acceptance | undefined
}

const NOT_NOW = 'This request is not due yet, or waits behind an earlier request for the same employee.'

/**
 * The runner's claim of one draft: every check that decides whether it may go, the request body built
 * once, and queued → sending with the attempt counted, in the one readwrite transaction that writes the
 * claim. Committed before this resolves: the request leaves only once the database knows it is sent.
 */
export async function claimDraft(db: LeaveDeskDb, deps: ClaimDeps, id: string, options: ClaimOptions): Promise<ClaimResult> {
  const asListed = options.listed?.id === id ? await claimAsListed(db, deps, options.listed, options) : undefined
  if (asListed) return asListed
  if (options.recordFirst) throw new Error('Not as listed: the earlier request’s outcome is written alone, then this claim.')
  return db.transaction('rw', OUTCOME_TABLES(db), async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const [ahead, names] = await Promise.all([requestsAhead(db, loaded.value), readSyncNames(db, loaded.value)])
    const checked = checksOf(deps, loaded.value, ahead, options)
    if (checked.ok) await db.drafts.put(checked.value.draft)
    return checked.ok && checked.value.kind === undefined ? { ok: true, value: { ...checked.value, names } } : checked
  })
}

/** The claim of a draft still exactly as listed, in one round trip (ClaimOptions.listed); undefined: not so. */
async function claimAsListed(db: LeaveDeskDb, deps: ClaimDeps, listed: DraftRecord, options: ClaimOptions): Promise<ClaimResult | undefined> {
  const checked = checksOf(deps, listed, [], options)
  if (!checked.ok || checked.value.kind !== undefined || !checked.value.body) return undefined
  const first = options.recordFirst
  // Every write goes before the reads answer (writeIfUnchanged): without names, a record reads them first.
  if (first && !first.names) return undefined
  return writeIfUnchanged(db, OUTCOME_TABLES(db), async () => {
    const reads = Promise.all([db.drafts.get(listed.id), requestsAhead(db, listed, first?.sent.id), readSyncNames(db, listed), first && db.drafts.get(first.sent.id)])
    const firstWrites = first && issueOutcomeWrites(db, first.sent, first.outcome, deps.now(), { names: first.names })
    const writes = Promise.all([db.drafts.put(checked.value.draft), firstWrites?.ok && firstWrites.value.writes])
    writes.catch(() => undefined) // Aborted when the reads do not match: nothing written.
    const [stored, ahead, names, firstStored] = await reads
    const unchanged = isUnchanged(stored, listed) && ahead.length === 0 && (!first || (firstWrites?.ok === true && isUnchanged(firstStored, first.sent)))
    return unchanged ? { value: { ok: true as const, value: { ...checked.value, names } }, writes } : undefined
  })
}

/** The claim's checks of `draft`, given the earlier requests of its lane that hold it back (`ahead`). */
function checksOf(deps: ClaimDeps, draft: DraftRecord, ahead: readonly DraftRecord[], options: ClaimOptions): ClaimResult {
  const moved = moveDraft(draft, 'claim', { attempts: draft.attempts + 1, sentAt: deps.now(), nextAttemptAt: undefined, claimTag: claimTag() })
  if (!moved.ok) return moved
  if ((draft.nextAttemptAt ?? Number.POSITIVE_INFINITY) > (options.now ?? deps.now()) || ahead.length > 0) return err({ reason: 'not-now', message: NOT_NOW })
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

/** 48 random bits, in hex: unique enough among one draft's claims. */
function claimTag(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 12)
}
