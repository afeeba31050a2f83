import { emptyDraftContent, pickDraftContent, type DraftContent } from '../drafts/draftContent'
import { isDeletable, isEditable } from './draftTransitions'
import { changeDraft, compact, loadLiveDraft, nextSeq } from './draftStore'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord } from './records'
import type { RepositoryDeps } from './repositoryDeps'
import { notDeletable, notEditable, notFound, succeed, type RepoResult } from './repositoryResult'

/** The clerk's own operations on a draft's content and existence. */

export function createDraft(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  fileId: number,
  content: Partial<DraftContent> = {}
): Promise<DraftRecord> {
  return db.transaction('rw', db.drafts, db.counters, async () => {
    const now = deps.now()
    const draft: DraftRecord = compact({
      ...emptyDraftContent(),
      ...pickDraftContent(content),
      id: deps.newId(),
      fileId,
      seq: await nextSeq(db),
      status: 'draft',
      attempts: 0,
      createdAt: now,
      updatedAt: now
    })
    await db.drafts.add(draft)
    return draft
  })
}

/**
 * Autosave. Allowed while the clerk owns the draft ('draft' or 'needs-attention'); a needs-attention
 * draft stays so, with the server's messages, until the clerk queues it again.
 */
export function updateDraft(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  patch: Partial<DraftContent>
): Promise<RepoResult<DraftRecord>> {
  return changeDraft(db, id, (draft) => {
    if (!isEditable(draft.status)) return notEditable(draft.status)
    return succeed(compact({ ...draft, ...pickDraftContent(patch), updatedAt: deps.now() }))
  })
}

/** A fresh draft with the same content, whatever state the original is in (even synced). */
export function duplicateDraft(db: LeaveDeskDb, deps: RepositoryDeps, id: string): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, db.counters, async () => {
    const original = await loadLiveDraft(db, id)
    if (!original.ok) return original
    return succeed(await createDraft(db, deps, original.value.fileId, original.value))
  })
}

/** Soft delete; deleting twice is harmless. */
export function deleteDraft(db: LeaveDeskDb, deps: RepositoryDeps, id: string): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(id)
    if (!draft) return notFound(id)
    if (draft.deletedAt !== undefined) return succeed(draft)
    if (!isDeletable(draft.status, draft.serverId !== undefined)) return notDeletable(draft.status, draft.serverId !== undefined)
    const removed = { ...draft, deletedAt: deps.now() }
    await db.drafts.put(removed)
    return succeed(removed)
  })
}

/** Brings a deleted draft back exactly as it was; undoing twice is harmless. */
export function undoDelete(db: LeaveDeskDb, id: string): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(id)
    if (!draft) return notFound(id)
    if (draft.deletedAt === undefined) return succeed(draft)
    const restored = compact({ ...draft, deletedAt: undefined })
    await db.drafts.put(restored)
    return succeed(restored)
  })
}
