import { emptyDraftContent, pickDraftContent, type DraftContent } from '../drafts/draftContent'
import { compact, nextSeq } from './draftStore'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord, DraftSource } from './records'
import type { RepositoryDeps } from './repositoryDeps'

export interface DraftToImport {
  content: DraftContent
  source: DraftSource
}

/**
 * Creates every draft of an accepted import in ONE transaction: if any write fails (the disk is full,
 * the database is closing, an id collides) IndexedDB rolls the whole transaction back and the clerk has
 * no drafts from this import at all, never half a file to reconcile by hand. The drafts get consecutive
 * sequence numbers in the file's row order, so the queue posts each employee's leave in that order.
 */
export function importDrafts(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  fileId: number,
  drafts: readonly DraftToImport[]
): Promise<DraftRecord[]> {
  return db.transaction('rw', db.drafts, db.counters, async () => {
    const now = deps.now()
    const records: DraftRecord[] = []
    for (const draft of drafts) {
      records.push(
        compact({
          ...emptyDraftContent(),
          ...pickDraftContent(draft.content),
          id: deps.newId(),
          fileId,
          seq: await nextSeq(db),
          status: 'draft' as const,
          attempts: 0,
          createdAt: now,
          updatedAt: now,
          source: { ...draft.source }
        })
      )
    }
    await db.drafts.bulkAdd(records)
    return records
  })
}
