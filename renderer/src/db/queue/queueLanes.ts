import type { DraftStatus } from '../../drafts/draftStatus'
import type { DraftRecord } from '../records'

/**
 * The queue sends one employee's requests strictly in creation order, and different employees' side by
 * side: each employee of a file is a lane. This file is the one place that says what a lane is.
 */

/**
 * One employee of one file. A request with no employee yet is a lane of its own: nothing can wait behind
 * it (it will fail the checks), and two such requests never hold each other back.
 */
export function laneKeyOf(draft: Pick<DraftRecord, 'id' | 'fileId' | 'employeeId'>): string {
  return draft.employeeId === undefined ? `draft:${draft.id}` : `${draft.fileId}/${draft.employeeId}`
}

/**
 * Earlier requests of the same lane in these states hold a later one back: a later request must not
 * reach payroll while an earlier one is still waiting, in flight, of unknown outcome, or being fixed.
 */
export const BLOCKING_STATUSES: readonly DraftStatus[] = ['queued', 'sending', 'uncertain', 'needs-attention', 'conflict']

/** States in which a request waits for the clerk, and holds back every later request of its lane until then. */
export const WAITS_FOR_THE_CLERK: readonly DraftStatus[] = ['uncertain', 'needs-attention', 'conflict']

export const isLive = (draft: DraftRecord): boolean => draft.deletedAt === undefined
