import type { LeaveStatus } from '../../../../shared/leaveRequestSchema'
import type { DraftItem } from '../../drafts/draftContent'
import { checkDraft } from '../../drafts/checkDraft'
import { payrollCopyOfRecord } from '../../drafts/payrollCopy'
import { queueChecked, type DraftCheck } from '../draftQueueing'
import { loadLiveDraft, moveDraft, nextSeq } from '../draftStore'
import { isEditable } from '../draftTransitions'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import { notEditable, refuse, succeed, type RepoResult } from '../repositoryResult'
import { notesWithReason } from '../../drafts/decisionNotes'

/** The clerk opening a request in payroll for a change: Edit, Approve, Reject. */

export const NO_PAYROLL_ID =
  'Leave Desk does not know this request’s number in payroll (it was marked as sent without one), so it cannot change it. ' +
  'Change it in payroll itself.'

export const READ_IT_FIRST = 'Leave Desk has not read this request from payroll yet. Choose “Refresh from payroll” first.'

export const NEEDS_DAYS = 'An approved request needs its days. Add the days (Fill weekdays), then approve it.'

export const notInPayroll = () => refuse({ reason: 'not-in-payroll', message: NO_PAYROLL_ID })

/**
 * synced → draft: the request becomes a pending change, based on payroll's copy as last read. It takes a
 * new place in the sequence, so its PUT goes behind every earlier request of the same employee (the
 * queue's lane rule). Opening a pending change again changes nothing. Inside a transaction on drafts and
 * counters.
 */
async function openForChange(db: LeaveDeskDb, draft: DraftRecord, now: number): Promise<RepoResult<DraftRecord>> {
  if (draft.serverId === undefined) return notInPayroll()
  if (isEditable(draft.status)) return succeed(draft)
  if (draft.status !== 'synced') return notEditable(draft.status)
  const base = payrollCopyOfRecord(draft)
  if (!base) return refuse({ reason: 'needs-refresh', message: READ_IT_FIRST })
  return moveDraft(draft, 'edit', { seq: await nextSeq(db), inPayroll: base, lastError: undefined, updatedAt: now })
}

/** The clerk's "Edit" on a request in payroll. */
export function startEdit(db: LeaveDeskDb, deps: RepositoryDeps, id: string): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, db.counters, async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const opened = await openForChange(db, loaded.value, deps.now())
    if (opened.ok && opened.value !== loaded.value) await db.drafts.put(opened.value)
    return opened
  })
}

/** A decision's extras: the clerk's reason (kept in Notes and the history) and a grace for Undo. */
export interface DecisionOptions {
  /** Why, in the clerk's words: added to the notes as "Rejected: …" and written in the history. */
  reason?: string
  /** Held from the queue this long (the clerk's Undo); 0 or absent: it may leave at once. */
  holdMs?: number
  /**
   * Held until this moment, in the repository's clock (an earlier decision's `nextAttemptAt`): the
   * decisions of one bulk Approve share one grace, so none leaves while their one Undo is offered.
   */
  holdUntil?: EpochMs
  /** An approval of a request with no days takes these (the Fill path's days: inPayroll/daysForApproval.ts). */
  days?: readonly DraftItem[]
}

/**
 * "Approve" / "Reject" in one keystroke: the request (in payroll, or a pending change to it) gets the
 * status, passes the shared rules and is queued, all in one transaction, or nothing is written.
 * Approving a request without days is refused as 'needs-days' (the editor offers Fill weekdays). The
 * decision is a line in the request's history, with the reason when the clerk gave one.
 */
export function decide(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  leaveStatus: Exclude<LeaveStatus, 'Pending'>,
  check: DraftCheck = checkDraft,
  options: DecisionOptions = {}
): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, db.counters, db.attempts, async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const days = loaded.value.items.length === 0 && leaveStatus === 'Approved' ? (options.days ?? []) : loaded.value.items
    if (leaveStatus === 'Approved' && days.length === 0) return refuse({ reason: 'needs-days', message: NEEDS_DAYS })
    const now = deps.now()
    const opened = await openForChange(db, loaded.value, now)
    if (!opened.ok) return opened
    const reason = options.reason?.trim() ?? ''
    const notes = notesWithReason(opened.value.notes, leaveStatus, reason)
    const items = days.map((item) => ({ ...item }))
    const queued = queueChecked('queue', { ...opened.value, leaveStatus, notes, items }, check, now)
    if (!queued.ok) return queued
    const holdUntil = options.holdUntil ?? (options.holdMs ? now + options.holdMs : undefined)
    const held = holdUntil === undefined ? queued.value : { ...queued.value, nextAttemptAt: holdUntil }
    await db.drafts.put(held)
    await db.attempts.add({ draftId: id, at: now, outcome: 'decided', message: decisionLine(leaveStatus, reason) })
    return succeed(held)
  })
}

/** "Rejected in Leave Desk: Not enough cover that week." — the history's line for a decision. */
export function decisionLine(leaveStatus: Exclude<LeaveStatus, 'Pending'>, reason: string): string {
  return `${leaveStatus} in Leave Desk${reason ? `: ${reason}` : '.'}`
}
