import { useEffect, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftsRepository } from '../db/draftsRepository'
import type { DraftRecord } from '../db/records'
import type { DraftContent } from '../drafts/draftContent'
import { useUiStore } from '../state/uiStore'
import { createAutosaver, type Autosaver } from './createAutosaver'

/** A refusal from the repository (the draft was queued or deleted meanwhile), already in plain words. */
class RefusedSave extends Error {}

/**
 * The workspace's one autosaver: every editor change goes to Dexie at once. When the page is hidden or
 * unloaded, whatever is still waiting starts writing immediately.
 */
export function useDraftAutosaver(): Autosaver<DraftContent> {
  const { repo } = useAppServices()
  const [autosaver] = useState(() =>
    createAutosaver<DraftContent>({
      write: saveDraftContent(repo),
      onError: (_id, error) => useUiStore.getState().showToast({ tone: 'error', message: saveFailureMessage(error) })
    })
  )

  useEffect(() => {
    const flush = () => autosaver.flushNow()
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') autosaver.flushNow()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', flushWhenHidden)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', flushWhenHidden)
    }
  }, [autosaver])

  return autosaver
}

/**
 * One keystroke's save: the draft's content written, or the refusal thrown for the autosaver to show. The
 * draft as the last save wrote it is kept, so the next keystroke's save takes one round trip, not two
 * (updateDraft's `lastWritten`); one draft only, the one being typed into.
 */
export function saveDraftContent(repo: Pick<DraftsRepository, 'updateDraft'>): (id: string, content: DraftContent) => Promise<void> {
  let lastWritten: DraftRecord | undefined
  return async (id, content) => {
    const result = await repo.updateDraft(id, content, lastWritten)
    lastWritten = result.ok ? result.value : undefined
    if (!result.ok) throw new RefusedSave(result.error.message)
  }
}

function saveFailureMessage(error: unknown): string {
  if (error instanceof RefusedSave) return `Your last change was not saved: ${error.message}`
  if (error instanceof Error && (error.name === 'QuotaExceededError' || error.name === 'QuotaExceeded')) {
    return 'Your last change was not saved: this computer is out of space. Free some disk space; your earlier changes are safe.'
  }
  return 'Your last change was not saved because the drafts storage reported a problem. Type it again; if this repeats, restart Leave Desk.'
}
