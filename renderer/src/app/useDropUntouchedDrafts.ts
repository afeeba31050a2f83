import { useEffect } from 'react'
import type { Autosaver } from '../autosave/createAutosaver'
import type { DraftsRepository } from '../db'
import type { DraftContent } from '../drafts/draftContent'
import { useUiStore } from '../state/uiStore'
import { dropUntouchedLeftBehind, isUntouchedDraft } from './untouchedDrafts'

/**
 * When the clerk leaves a draft they never typed into (another draft, none, another file), it goes to
 * Deleted: restorable there, gone from the list. One still open when the app quit goes when the file opens again. Waits for pending saves first, so a draft whose first
 * keystroke is still being written is never taken for an empty one.
 */
export function useDropUntouchedDrafts(repo: DraftsRepository, autosaver: Autosaver<DraftContent>, fileId: number): void {
  useEffect(() => {
    // One left open when the app last quit (or the page reloaded) was never "left": drop it now.
    void dropUntouchedLeftBehind(repo, fileId, useUiStore.getState().selectedDraftId).catch(() => undefined)
  }, [repo, fileId])
  useEffect(() => {
    const dropIfUntouched = async (id: string) => {
      await autosaver.whenIdle()
      if (useUiStore.getState().selectedDraftId === id) return // back on it meanwhile
      const draft = await repo.getDraft(id)
      if (draft && isUntouchedDraft(draft)) await repo.deleteDraft(id)
    }
    const drop = (id: string) => void dropIfUntouched(id).catch(() => undefined) // a draft left is harmless
    const stop = useUiStore.subscribe((state, previous) => {
      if (previous.selectedDraftId !== null && previous.selectedDraftId !== state.selectedDraftId) drop(previous.selectedDraftId)
    })
    return () => {
      stop()
      const open = useUiStore.getState().selectedDraftId
      if (open !== null) drop(open) // the file is closing (another file, sign-out)
    }
  }, [repo, autosaver])
}
