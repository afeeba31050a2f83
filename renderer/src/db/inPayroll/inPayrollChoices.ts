import type { DraftItem } from '../../drafts/draftContent'
import { checkDraft } from '../../drafts/checkDraft'
import { contentOf, holdingPayrollsCopy, payrollCopyOfRecord } from '../../drafts/payrollCopy'
import { resolveConflict, type KeepMineAnswers } from '../../drafts/resolveConflict'
import { fieldNames } from './fieldNames'
import { queueChecked, type DraftCheck } from '../draftQueueing'
import { loadLiveDraft, moveDraft } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { ClerkChoice, DraftRecord, EpochMs, PayrollCopy } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import { refuse, type RepoResult } from '../repositoryResult'
import { notInPayroll, READ_IT_FIRST } from './inPayrollEditing'

/** The clerk's answers to "Changed in payroll", and "Discard my change". Each leaves a line in the history. */

const STILL_CHECKING =
  'Leave Desk sent this change and is still checking whether payroll got it. Wait for that check before dropping it.'

/**
 * Lines payroll has paid since (ProcessedInPayRunId) are marked so on the clerk's version too, so the
 * editor locks them; the clerk's hours stay theirs (if they differ, payroll refuses and says which line).
 */
function withPaidLines(items: readonly DraftItem[], payroll: PayrollCopy): DraftItem[] {
  const paid = new Map(payroll.content.items.flatMap((item) => (item.processedInPayRunId === undefined ? [] : [[item.date, item.processedInPayRunId] as const])))
  return items.map((item) => {
    const run = paid.get(item.date)
    return run === undefined ? item : { ...item, processedInPayRunId: run }
  })
}

async function recordChoice(db: LeaveDeskDb, draftId: string, outcome: ClerkChoice, message: string, now: EpochMs) {
  await db.attempts.add({ draftId, at: now, outcome, message })
}

/**
 * "Keep mine": the change is resolved field by field against payroll's new version (resolveConflict: only
 * the fields the clerk changed are theirs, a manager's approval and days stay unless the clerk chose
 * otherwise), re-based on that version and queued again (checked by the rules). Refused, with nothing
 * written, while a field both sides changed has no answer.
 */
export function keepMine(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  answers: KeepMineAnswers = { choices: {} },
  check: DraftCheck = checkDraft
): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, db.attempts, async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    const payroll = draft.payrollChanged
    if (draft.status !== 'conflict' || !payroll) return moveDraft(draft, 'keepMine', {})
    const resolved = resolveConflict(draft.inPayroll?.content, payroll.content, contentOf(draft), answers)
    if (resolved.open.length > 0) {
      return refuse({ reason: 'needs-choice', fields: resolved.open, message: `You and payroll both changed ${fieldNames(resolved.open)}: choose which to keep first.` })
    }
    const now = deps.now()
    const { content } = resolved
    const rebased: DraftRecord = {
      ...draft,
      ...content,
      items: withPaidLines(content.items, payroll),
      inPayroll: payroll,
      payrollChanged: undefined,
      unconfirmedUpdate: undefined
    }
    if (content.employeeId === undefined) delete rebased.employeeId
    if (content.leaveTypePayItemId === undefined) delete rebased.leaveTypePayItemId
    const queued = queueChecked('keepMine', rebased, check, now)
    if (!queued.ok) return queued
    await db.drafts.put(queued.value)
    await recordChoice(db, id, 'kept-mine', 'Kept your change over payroll’s, field by field; it is queued to replace payroll’s version.', now)
    return queued
  })
}

/**
 * "Use payroll's" (a conflict) or "Discard my change" (a pending change not yet sent): the record goes
 * back to payroll's copy, synced, and nothing is sent. Refused while a PUT of the change may have
 * reached payroll (the queue's check must settle that first), so the record never claims payroll holds
 * one version while it holds the other.
 */
export function usePayroll(db: LeaveDeskDb, deps: RepositoryDeps, id: string): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, db.attempts, async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    if (draft.serverId === undefined) return notInPayroll()
    if (draft.unconfirmedUpdate) return refuse({ reason: 'still-sending', message: STILL_CHECKING })
    const payroll = draft.payrollChanged ?? payrollCopyOfRecord(draft)
    if (!payroll) return refuse({ reason: 'needs-refresh', message: READ_IT_FIRST })
    const now = deps.now()
    const moved = moveDraft(draft, 'usePayroll', { ...holdingPayrollsCopy(payroll, now), queuedAt: undefined, nextAttemptAt: undefined })
    if (!moved.ok) return moved
    await db.drafts.put(moved.value)
    const message = draft.status === 'conflict' ? 'Used payroll’s version; your change was dropped.' : 'Discarded your change; payroll’s version stays.'
    await recordChoice(db, id, 'used-payroll', message, now)
    return moved
  })
}

const ALREADY_LEFT = 'Too late to undo: it has already gone to payroll. Open it to change it again.'

/**
 * The clerk's Undo of an Approve or Reject still held from the queue (its grace): the record goes back to
 * what it was before (`before`, as the decision read it): a request in payroll stays payroll's copy
 * (usePayroll's move, nothing sent); a pending change goes back to the clerk's draft (unqueue's move).
 * Refused once the queue has claimed it (it may be on its way): only then is Undo too late.
 */
export function undoDecision(db: LeaveDeskDb, deps: RepositoryDeps, id: string, before: DraftRecord): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, db.attempts, async () => {
    const loaded = await loadLiveDraft(db, id)
    if (!loaded.ok) return loaded
    const draft = loaded.value
    if (draft.status !== 'queued' || draft.attempts !== before.attempts || draft.unconfirmedUpdate) {
      return refuse({ reason: 'still-sending', message: ALREADY_LEFT })
    }
    const now = deps.now()
    const restored = { ...before, queuedAt: undefined, nextAttemptAt: undefined, updatedAt: now }
    const moved = moveDraft(draft, before.status === 'synced' ? 'usePayroll' : 'unqueue', restored)
    if (!moved.ok) return moved
    await db.drafts.put(moved.value)
    await recordChoice(db, id, 'undone', 'Undone before it was sent; nothing went to payroll.', now)
    return moved
  })
}
