import { create } from 'zustand'

/** A dialog's own store: what it shows while open (its prompt), or null while it is closed. */
export interface PromptState<Prompt> {
  prompt: Prompt | null
  show(prompt: Prompt): void
  close(): void
}

/** One store per dialog, kept apart from the app's UI store: only that dialog and what opens it use it. */
export function createPromptStore<Prompt>() {
  return create<PromptState<Prompt>>((set) => ({
    prompt: null,
    show: (prompt) => set({ prompt }),
    close: () => set({ prompt: null })
  }))
}
