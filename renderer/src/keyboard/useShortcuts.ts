import { useEffect } from 'react'
import type { DraftActions } from '../actions/draftActions'
import { DRAFT_SEARCH_ID } from '../list/DraftSearch'
import { useUiStore } from '../state/uiStore'
import { useSelection } from '../list/selectionStore'
import { useOpenByNumber } from '../inPayroll/decisionPrompt'
import { isFormControl, shortcutFor, type ShortcutAction } from './shortcuts'

/** Binds the shortcuts table to the workspace's actions, for the whole window. */
export function useShortcuts(actions: DraftActions): void {
  useEffect(() => {
    const run: Record<ShortcutAction, () => void> = {
      newDraft: () => void actions.newDraft(),
      duplicate: () => void actions.duplicate(),
      queue: () => void actions.queue(),
      queueAllValid: () => void actions.queueAllValid(),
      delete: () => void actions.remove(),
      undo: () => void actions.undoDelete(),
      search: () => {
        const search = document.getElementById(DRAFT_SEARCH_ID)
        if (search instanceof HTMLInputElement) {
          search.focus()
          search.select()
        }
      },
      save: () => useUiStore.getState().showToast({ tone: 'info', message: 'Nothing to save: every change is saved as you type.' }),
      help: () => useUiStore.getState().setHelpOpen(true),
      settings: () => useUiStore.getState().setSettingsOpen(true),
      refreshFromPayroll: () => void actions.refreshFromPayroll(),
      editInPayroll: () => void actions.editInPayroll(),
      // With requests ticked in the list, A and R decide all of them (each asks first).
      approve: () => void (useSelection.getState().ticked.length > 0 ? actions.approveSelected() : actions.approve()),
      reject: () => void (useSelection.getState().ticked.length > 0 ? actions.rejectSelected() : actions.reject()),
      openPayrollRequest: () => useOpenByNumber.getState().setOpen(true)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      // While a dialog is open (help, settings, sign out while sending) it has the keyboard; nothing acts behind it.
      const state = useUiStore.getState()
      if (event.defaultPrevented || event.repeat || state.helpOpen || state.settingsOpen || document.querySelector('dialog[open]')) return
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
      const action = shortcutFor(event, isFormControl(focused))
      if (!action) return
      event.preventDefault()
      run[action]()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [actions])
}
