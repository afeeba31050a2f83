import { create } from 'zustand'

/** One line of the prompt: the other request in words, and its id for "Open". */
export interface DuplicateLine {
  draftId: string
  words: string
}

/**
 * What the duplicate dialog shows: either one draft waiting for "Queue anyway", or the drafts "Queue
 * all ready" held back. Kept apart from the app's UI store: only the safeguards use it.
 */
export type DuplicatePrompt =
  /** `exact`: the same employee, leave type and dates; otherwise the requests share some days. */
  | { kind: 'confirm'; exact: boolean; draftId: string; title: string; duplicates: DuplicateLine[] }
  | { kind: 'held-back'; held: DuplicateLine[] }

interface DuplicatePromptState {
  prompt: DuplicatePrompt | null
  show(prompt: DuplicatePrompt): void
  close(): void
}

export const useDuplicatePrompt = create<DuplicatePromptState>((set) => ({
  prompt: null,
  show: (prompt) => set({ prompt }),
  close: () => set({ prompt: null })
}))
