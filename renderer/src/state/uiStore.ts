import { create } from 'zustand'
import type { AppInfo, ConnectivityStatus, SessionStatus, Settings } from '../../../shared/ipc'
import type { DraftStatus } from '../drafts/draftStatus'

/**
 * UI and session state only. Drafts, employees and leave types live in Dexie and are read with
 * useLiveQuery; nothing here is a copy of a table.
 */

/**
 * 'working' is every status but Synced: what the clerk still has to deal with. 'deleted' shows the
 * deleted drafts instead, each with a way to restore it (nothing is ever purged).
 */
export type StatusFilter = DraftStatus | 'working' | 'deleted'

export interface Toast {
  /** Changes with every toast, so the same words twice still read as news to a screen reader. */
  key: number
  message: string
  tone: 'info' | 'error'
  /** The draft "Undo" restores, when the toast is about a delete. */
  undoDraftId?: string
  /** What "Undo" does when it is not a delete (a decision held for a few seconds), and until when it can. */
  undo?: () => Promise<void>
  undoUntil?: number
  /** The draft the message is about: it closes when the clerk opens another (it no longer applies). */
  forDraftId?: string
  /**
   * Words that depend on whether payroll can be reached ("being sent" / "will be sent when…"): the
   * toast follows the connection, so it never says what the header contradicts.
   */
  byConnectivity?: { reachable: string; unreachable: string }
}

export interface UiState {
  session: SessionStatus | null
  connectivity: ConnectivityStatus | null
  appInfo: AppInfo | null
  settings: Settings | null
  openFileId: number | null
  statusFilter: StatusFilter
  search: string
  selectedDraftId: string | null
  /**
   * Set by a refused "Queue": that draft shows every issue, not only those on fields already visited,
   * and its editor moves the focus to the first one. `key` changes with each attempt.
   */
  issuesRevealed: { draftId: string; key: number } | null
  /** The draft whose editor should take the focus when it appears (a new draft, Enter on a row). */
  focusEditorFor: string | null
  helpOpen: boolean
  toast: Toast | null
  keyringPromptDismissed: boolean
  /** The settings dialog (header button, Ctrl+,). */
  settingsOpen: boolean
}

export interface UiActions {
  setSession(session: SessionStatus): void
  setConnectivity(connectivity: ConnectivityStatus): void
  setAppInfo(appInfo: AppInfo): void
  setSettings(settings: Settings): void
  openFile(fileId: number | null): void
  setStatusFilter(filter: StatusFilter): void
  setSearch(search: string): void
  selectDraft(id: string | null, options?: { focusEditor?: boolean }): void
  revealIssues(draftId: string): void
  editorFocused(): void
  setHelpOpen(open: boolean): void
  showToast(toast: Omit<Toast, 'key'>): void
  dismissToast(): void
  dismissKeyringPrompt(): void
  setSettingsOpen(open: boolean): void
}

const initialState: UiState = {
  session: null,
  connectivity: null,
  appInfo: null,
  settings: null,
  openFileId: null,
  statusFilter: 'working',
  search: '',
  selectedDraftId: null,
  issuesRevealed: null,
  focusEditorFor: null,
  helpOpen: false,
  toast: null,
  keyringPromptDismissed: false,
  settingsOpen: false
}

let toastCount = 0
let revealCount = 0

/** How long a plain message stays before it closes by itself (they never closed: finding D9). */
export const MESSAGE_SHOWN_MS = 15_000

/**
 * When a message closes by itself, in ms after it shows; null for one that stays: a problem (until
 * dismissed or fixed), an Undo of a delete, and "queued" news that follows its request. A decision's
 * Undo stays for its grace, then the message closes like any other.
 */
export function closesAfterMs(toast: Omit<Toast, 'key'>, now: number): number | null {
  if (toast.tone === 'error' || toast.undoDraftId !== undefined || toast.byConnectivity) return null
  return Math.max(0, (toast.undoUntil ?? now) - now) + MESSAGE_SHOWN_MS
}

export const useUiStore = create<UiState & UiActions>()((set, get) => ({
  ...initialState,
  setSession: (session) => set({ session }),
  setConnectivity: (connectivity) => set({ connectivity }),
  setAppInfo: (appInfo) => set({ appInfo }),
  setSettings: (settings) => set({ settings }),
  openFile: (fileId) =>
    set({ openFileId: fileId, selectedDraftId: null, issuesRevealed: null, search: '', statusFilter: 'working', toast: null }),
  setStatusFilter: (statusFilter) => set({ statusFilter }),
  setSearch: (search) => set({ search }),
  selectDraft: (id, options = {}) =>
    set((state) => ({
      selectedDraftId: id,
      focusEditorFor: options.focusEditor && id ? id : null,
      issuesRevealed: state.issuesRevealed?.draftId === id ? state.issuesRevealed : null,
      toast: state.toast?.forDraftId !== undefined && state.toast.forDraftId !== id ? null : state.toast
    })),
  revealIssues: (draftId) => set({ issuesRevealed: { draftId, key: ++revealCount } }),
  editorFocused: () => set({ focusEditorFor: null }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  showToast: (toast) => {
    const key = ++toastCount
    set({ toast: { ...toast, key } })
    const after = closesAfterMs(toast, Date.now())
    if (after !== null) setTimeout(() => get().toast?.key === key && set({ toast: null }), after)
  },
  dismissToast: () => set({ toast: null }),
  dismissKeyringPrompt: () => set({ keyringPromptDismissed: true }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen })
}))

