import { create } from 'zustand'
import type { EpochMs } from '../db'
import type { FieldChange } from '../drafts'
import type { KeepMineAnswers } from '../drafts/resolveConflict'

/**
 * What the In payroll screens remember between a key press and what the clerk sees: the last Refresh's
 * answer (shown under the request it was for), and the request whose Approve waits for its days.
 */
export interface RefreshReport {
  draftId: string
  at: EpochMs
  /** When the copy was read before this refresh ("No changes in payroll since …"). */
  since: EpochMs | undefined
  changes: readonly FieldChange[]
}

interface InPayrollState {
  lastRefresh: RefreshReport | null
  /** A request whose Approve found no days: its editor asks for them (Fill weekdays) before it can go. */
  approvalNeedsDays: string | null
  /** Counts the times an Approve asked for days, so asking again (A pressed twice) is news to the editor. */
  daysAsked: number
  /** The conflict view's answers for the request it shows: which side each field both changed is kept from. */
  conflictAnswers: { draftId: string; answers: KeepMineAnswers } | null
  /** null forgets the last report (the request moved on: a change was opened on it). */
  refreshed(report: RefreshReport | null): void
  askForDays(draftId: string | null): void
  answerConflict(answers: { draftId: string; answers: KeepMineAnswers } | null): void
}

export const useInPayrollStore = create<InPayrollState>()((set) => ({
  lastRefresh: null,
  approvalNeedsDays: null,
  daysAsked: 0,
  conflictAnswers: null,
  answerConflict: (conflictAnswers) => set({ conflictAnswers }),
  refreshed: (lastRefresh) => set({ lastRefresh }),
  askForDays: (approvalNeedsDays) =>
    set((state) => ({ approvalNeedsDays, daysAsked: approvalNeedsDays === null ? state.daysAsked : state.daysAsked + 1 }))
}))
