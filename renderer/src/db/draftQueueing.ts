import type { FieldIssue } from '../../../shared/apiSchemas'
import { checkDraft } from '../drafts/checkDraft'
import type { DraftContent } from '../drafts/draftContent'
import { changeDraft, moveDraft } from './draftStore'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord } from './records'
import type { RepositoryDeps } from './repositoryDeps'
import { invalid, refuse, succeed, type RepoResult } from './repositoryResult'

/** The clerk's queue buttons. A draft is queued only when it passes the shared rules. */

/** Issues by the editor's field names; empty when the draft may be queued. */
export type DraftCheck = (draft: DraftContent) => FieldIssue[]

/** The fields that make a draft due for sending right away, with the clerk's acknowledged errors cleared. */
function queuedNow(now: number): Partial<DraftRecord> {
  return { queuedAt: now, nextAttemptAt: now, lastError: undefined, updatedAt: now }
}

/** `action` (a move to 'queued') checked by the rules: the queued draft, or its issues with nothing moved. */
export function queueChecked(
  action: 'queue' | 'sendAgain' | 'keepMine',
  draft: DraftRecord,
  check: DraftCheck,
  now: number
): RepoResult<DraftRecord> {
  const moved = moveDraft(draft, action, queuedNow(now))
  if (!moved.ok) return moved
  const issues = check(draft)
  return issues.length > 0 ? invalid(issues) : moved
}

/** "Queue": from draft or needs-attention. Queuing an already queued draft changes nothing. */
export function queueDraft(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  check: DraftCheck = checkDraft
): Promise<RepoResult<DraftRecord>> {
  return changeDraft(db, id, (draft) =>
    draft.status === 'queued' ? succeed(draft) : queueChecked('queue', draft, check, deps.now())
  )
}

export interface QueueAllSummary {
  queued: number
  /** Ready drafts left in 'draft' because the caller held them back (possible duplicates). */
  heldBack: number
  leftWithIssues: number
  /** The drafts still in 'draft' because of issues, in creation order, so the UI can open the first. */
  idsWithIssues: string[]
}

/**
 * "Queue all": every plain draft of the file that passes the rules, in one transaction. Needs-attention
 * drafts are left for the clerk to queue one by one: the server refused them for reasons the local rules
 * may not see, and re-sending them in bulk would only fail again.
 */
export function queueAllValid(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  fileId: number,
  check: DraftCheck = checkDraft,
  holdBack: ReadonlySet<string> = new Set()
): Promise<QueueAllSummary> {
  return db.transaction('rw', db.drafts, async () => {
    const plainDrafts = await db.drafts.where('[fileId+status]').equals([fileId, 'draft']).toArray()
    const drafts = plainDrafts.filter((draft) => draft.deletedAt === undefined).sort((a, b) => a.seq - b.seq)
    const now = deps.now()
    const summary: QueueAllSummary = { queued: 0, heldBack: 0, leftWithIssues: 0, idsWithIssues: [] }
    const toStore: DraftRecord[] = []
    for (const draft of drafts) {
      if (holdBack.has(draft.id)) {
        summary.heldBack += 1
        continue
      }
      const result = queueChecked('queue', draft, check, now)
      if (result.ok) {
        toStore.push(result.value)
        summary.queued += 1
      } else {
        summary.leftWithIssues += 1
        summary.idsWithIssues.push(draft.id)
      }
    }
    await db.drafts.bulkPut(toStore)
    return summary
  })
}

/**
 * A change to a request in payroll whose PUT may have arrived (its answer was lost) stays in the queue
 * until the queue has read payroll back: only that read can say which version payroll holds.
 */
export const CHECKING_PAYROLL =
  'Leave Desk sent this change but has not had payroll’s answer. It checks payroll on its next try; you can change it again after that.'

/** Takes a queued draft back so the clerk can edit it. Unqueuing a plain draft changes nothing. */
export function unqueueDraft(db: LeaveDeskDb, deps: RepositoryDeps, id: string): Promise<RepoResult<DraftRecord>> {
  return changeDraft(db, id, (draft) =>
    draft.status === 'draft'
      ? succeed(draft)
      : draft.unconfirmedUpdate && draft.status === 'queued'
        ? refuse({ reason: 'still-sending', message: CHECKING_PAYROLL })
        : moveDraft(draft, 'unqueue', {
          queuedAt: undefined,
          nextAttemptAt: undefined,
          lastError: undefined,
          updatedAt: deps.now()
        })
  )
}

/**
 * The clerk's "Send again" for an uncertain draft: they have checked payroll and the request is not
 * there. It is queued like any other, so it is checked against the rules again.
 */
export function sendAgain(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  check: DraftCheck = checkDraft
): Promise<RepoResult<DraftRecord>> {
  return changeDraft(db, id, (draft) => queueChecked('sendAgain', draft, check, deps.now()))
}
