import { emptyDraftContent, pickDraftContent, type DraftContent } from '../drafts/draftContent'
import { isDeletable, isEditable } from './draftTransitions'
import { changeDraft, compact, isUnchanged, loadLiveDraft, nextSeq, writeIfUnchanged } from './draftStore'
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
 *
 * `lastWritten`: the draft as this caller's previous save wrote it (the autosaver typing into it). The
 * change is then written in one round trip, with the read that confirms the draft is still exactly that;
 * changed meanwhile (queued, deleted, edited elsewhere), nothing is written and the change is made from
 * the stored draft, as without it. A keystroke's save waits once for the database, not twice.
 */
export async function updateDraft(
  db: LeaveDeskDb,
  deps: RepositoryDeps,
  id: string,
  patch: Partial<DraftContent>,
  lastWritten?: DraftRecord
): Promise<RepoResult<DraftRecord>> {
  if (lastWritten?.id === id && isEditable(lastWritten.status)) {
    const edited = withEdit(deps, lastWritten, patch)
    const written = await writeIfUnchanged(db, [db.drafts], async () => {
      const stored = db.drafts.get(id)
      const writes = db.drafts.put(edited)
      writes.catch(() => undefined) // Aborted when the draft changed: nothing written.
      return isUnchanged(await stored, lastWritten) ? { value: succeed(edited), writes } : undefined
    })
    if (written) return written
  }
  return changeDraft(db, id, (draft) => (isEditable(draft.status) ? succeed(withEdit(deps, draft, patch)) : notEditable(draft.status)))
}

/** The draft with the clerk's edit applied: its content replaced by what the editor holds now. */
function withEdit(deps: RepositoryDeps, draft: DraftRecord, patch: Partial<DraftContent>): DraftRecord {
  return compact({ ...draft, ...pickDraftContent(patch), updatedAt: deps.now() })
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
