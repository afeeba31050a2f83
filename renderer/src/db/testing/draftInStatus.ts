import type { DraftStatus } from '../../drafts/draftStatus'
import type { DraftsRepository } from '../draftsRepository'
import type { DraftRecord } from '../records'
import { FILE_ID, validContent } from './openTestDb'

/** A valid draft brought to `status` the way the app would get it there, through the repository. */
export async function draftInStatus(
  repo: DraftsRepository,
  status: DraftStatus,
  fileId: number = FILE_ID
): Promise<DraftRecord> {
  const draft = await repo.createDraft(fileId, validContent())
  if (status === 'draft') return draft
  mustSucceed(await repo.queueDraft(draft.id))
  if (status !== 'queued') mustSucceed(await repo.claimForSending(draft.id))
  if (status === 'synced') {
    mustSucceed(await repo.recordSendOutcome(draft.id, { kind: 'synced', serverId: 7000 + draft.seq, lastModifiedDateUtc: 'x' }))
  }
  if (status === 'needs-attention') {
    mustSucceed(
      await repo.recordSendOutcome(draft.id, {
        kind: 'needs-attention',
        error: { code: 'validation', message: 'Refused.', status: 400 }
      })
    )
  }
  if (status === 'uncertain') {
    mustSucceed(
      await repo.recordSendOutcome(draft.id, {
        kind: 'uncertain',
        error: { code: 'unknown-outcome', message: 'No answer.' }
      })
    )
  }
  const stored = await repo.getDraft(draft.id)
  if (stored?.status !== status) throw new Error(`Could not bring a draft to ${status}.`)
  return stored
}

/** Fails loudly when a setup step was refused, instead of letting a later assertion puzzle the reader. */
function mustSucceed(result: { ok: boolean }): void {
  if (!result.ok) throw new Error(`Setup step refused: ${JSON.stringify(result)}`)
}
