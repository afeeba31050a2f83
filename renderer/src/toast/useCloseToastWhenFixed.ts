import { useEffect } from 'react'
import { useUiStore } from '../state/uiStore'

/**
 * A refusal about this draft ("4 fields need fixing first.") closes once the draft has nothing left to
 * fix: a message the screen below it contradicts is worse than none.
 */
export function useCloseToastWhenFixed(draftId: string, nothingToFix: boolean): void {
  useEffect(() => {
    if (!nothingToFix) return
    const { toast, dismissToast } = useUiStore.getState()
    if (toast?.tone === 'error' && toast.forDraftId === draftId) dismissToast()
  }, [draftId, nothingToFix])
}
