import { createPromptStore } from '../state/promptStore'

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

export const useDuplicatePrompt = createPromptStore<DuplicatePrompt>()
