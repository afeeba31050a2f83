import { useUiStore } from '../state/uiStore'

/** The message bar, as the clerk's actions use it. */
export const store = () => useUiStore.getState()
export const info = (message: string) => store().showToast({ message, tone: 'info' })
export const problem = (message: string) => store().showToast({ message, tone: 'error' })

/** The open draft's id, or null after telling the clerk there is none. */
export function openDraftId(): string | null {
  const id = store().selectedDraftId
  if (!id) info('Open a draft first: choose one in the list, or press Ctrl+N for a new one.')
  return id
}

/** Words that follow the connection: "being sent" while payroll answers, "will be sent when…" while it does not. */
export function queuedToast(draftId: string, words: { reachable: string; unreachable: string }): void {
  const message = store().connectivity?.state === 'reachable' ? words.reachable : words.unreachable
  store().showToast({ tone: 'info', message, byConnectivity: words, forDraftId: draftId })
}
