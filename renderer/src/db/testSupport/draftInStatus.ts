import type { DraftStatus } from '../../drafts/draftStatus'
import type { DraftsRepository } from '../draftsRepository'
import { moveDraft } from '../draftStore'
import type { DraftRecord } from '../records'
import { FILE_ID, validContent } from './openTestDb'
import { payrollRecordOf } from './payrollRecord'

/** A valid draft brought to `status` the way the app would get it there, through the repository. */
export async function draftInStatus(
  repo: DraftsRepository,
  status: DraftStatus,
  fileId: number = FILE_ID
): Promise<DraftRecord> {
  if (status === 'conflict') return changeInConflict(repo, fileId)
  const draft = await repo.createDraft(fileId, validContent())
  if (status === 'draft') return draft
  mustSucceed(await repo.queueDraft(draft.id))
  if (status !== 'queued') mustSucceed(await claimOutOfTurn(repo, draft.id))
  if (status === 'synced') {
    mustSucceed(await repo.queue.recordOutcome(draft.id, { kind: 'synced', serverId: 7000 + draft.seq, lastModifiedDateUtc: 'x' }))
  }
  if (status === 'needs-attention') {
    mustSucceed(
      await repo.queue.recordOutcome(draft.id, {
        kind: 'needs-attention',
        error: { code: 'validation', message: 'Refused.', status: 400 }
      })
    )
  }
  if (status === 'uncertain') {
    mustSucceed(
      await repo.queue.recordOutcome(draft.id, {
        kind: 'uncertain',
        error: { code: 'unknown-outcome', message: 'No answer.' }
      })
    )
  }
  const stored = await repo.getDraft(draft.id)
  if (stored?.status !== status) throw new Error(`Could not bring a draft to ${status}.`)
  return stored
}

/** A synced request rejected by the clerk, then changed in payroll before the rejection went. */
async function changeInConflict(repo: DraftsRepository, fileId: number): Promise<DraftRecord> {
  const synced = await draftInStatus(repo, 'synced', fileId)
  mustSucceed(await repo.inPayroll.decide(synced.id, 'Rejected'))
  const theirs = payrollRecordOf(synced, { Notes: 'Changed in payroll', LastModifiedDateUtc: '2026-03-05T10:00:00Z' })
  const refreshed = await repo.inPayroll.applyRefresh(synced.id, theirs)
  mustSucceed(refreshed)
  const stored = await repo.getDraft(synced.id)
  if (stored?.status !== 'conflict') throw new Error('Could not bring a draft to conflict.')
  return stored
}

/** Fails loudly when a setup step was refused, instead of letting a later assertion puzzle the reader. */
function mustSucceed(result: { ok: boolean }): void {
  if (!result.ok) throw new Error(`Setup step refused: ${JSON.stringify(result)}`)
}

/**
 * Queued → sending as the queue's claim writes it, but regardless of the queue's order and clock: tests
 * build up an employee's history one request after another, each behind the ones before.
 */
async function claimOutOfTurn(repo: DraftsRepository, id: string) {
  const { db } = repo
  return db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(id)
    if (!draft) return { ok: false }
    const moved = moveDraft(draft, 'claim', { attempts: draft.attempts + 1, sentAt: draft.updatedAt, nextAttemptAt: undefined })
    if (moved.ok) await db.drafts.put(moved.value)
    return moved
  })
}
