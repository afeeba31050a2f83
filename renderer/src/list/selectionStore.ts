import { create } from 'zustand'

/**
 * The requests the clerk has ticked in the list for a bulk action (Approve or Reject the selected), in
 * the order they were ticked: that is the order they are decided and sent in. Apart from the open draft
 * (uiStore.selectedDraftId), which the arrows move.
 */
interface SelectionState {
  ticked: readonly string[]
  toggle(id: string): void
  clear(): void
}

export const useSelection = create<SelectionState>((set) => ({
  ticked: [],
  toggle: (id) => set((state) => ({ ticked: state.ticked.includes(id) ? state.ticked.filter((other) => other !== id) : [...state.ticked, id] })),
  clear: () => set({ ticked: [] })
}))
