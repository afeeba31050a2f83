import { create } from 'zustand'
import { createPromptStore } from '../state/promptStore'

/** How long an Approve or Reject from a confirmation waits before it may leave: the clerk's Undo. */
export const UNDO_GRACE_MS = 6_000

/** The confirmation before a Reject (one request, with its reason) or a bulk Approve / Reject. */
export interface DecisionPrompt {
  leaveStatus: 'Approved' | 'Rejected'
  /** In the order they will be decided and sent. */
  ids: readonly string[]
  /** "request #812 (Olivia Nguyen, 3–5 Aug 2026)" or "10 requests". */
  what: string
}

export const useDecisionPrompt = createPromptStore<DecisionPrompt>()

/** "Open payroll request #…": whether its little dialog is open (a button and Ctrl+Shift+O open it). */
export const useOpenByNumber = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open })
}))
