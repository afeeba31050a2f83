import type { DraftRecord } from '../db'

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
