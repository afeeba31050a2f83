import type { DraftRecord, DraftsRepository } from '../db'

/**
 * A draft nobody typed into: Ctrl+N (or New draft) and then elsewhere, with every field as it was made.
 * Such a draft is only a "No employee yet" line in the list; the app drops it (to Deleted, where it can
 * still be restored) once the clerk leaves it. Anything chosen or typed, even only the approval or a
 * space in the notes, keeps the draft.
 */
export function isUntouchedDraft(draft: DraftRecord): boolean {
  return (
    draft.status === 'draft' &&
    draft.deletedAt === undefined &&
    draft.employeeId === undefined &&
    draft.leaveTypePayItemId === undefined &&
    draft.startDate === '' &&
    draft.endDate === '' &&
    draft.leaveStatus === 'Pending' &&
    draft.notes === '' &&
    draft.items.length === 0
  )
}

/**
 * Drafts left untouched when the app last closed (or the page reloaded) with one open: nothing dropped
 * them then, so they go to Deleted when the file opens again. `keep` is the draft open now, if any.
 */
export async function dropUntouchedLeftBehind(
  repo: Pick<DraftsRepository, 'listDrafts' | 'deleteDraft'>,
  fileId: number,
  keep: string | null
): Promise<number> {
  const drafts = await repo.listDrafts(fileId, { status: 'draft' })
  let dropped = 0
  for (const draft of drafts) {
    if (draft.id === keep || !isUntouchedDraft(draft)) continue
    if ((await repo.deleteDraft(draft.id)).ok) dropped += 1
  }
  return dropped
}
