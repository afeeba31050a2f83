import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'
import { deletedDraftsMatching, deletedWhen } from './deletedDrafts'
import { DraftSummary, draftSummaryWords } from './DraftSummary'

/** Rows shown at first, and added by each "Show more": deleted drafts pile up, and are never purged. */
export const DELETED_PAGE_SIZE = 50

/**
 * The file's deleted drafts, most recently deleted first: each says when it was deleted and has a
 * "Restore" button that puts it back exactly as it was and opens it. The toast's Undo only reaches the
 * last delete; this reaches every one.
 */
export function DeletedDrafts(props: { fileId: number; reference: ReferenceData }) {
  const { repo } = useAppServices()
  const search = useUiStore((s) => s.search)
  const deleted = useLiveQuery(() => repo.listDeletedDrafts(props.fileId), [repo, props.fileId])
  const [shown, setShown] = useState(DELETED_PAGE_SIZE)
  const { reference } = props
  const matching = useMemo(() => deletedDraftsMatching(deleted ?? [], search, reference), [deleted, search, reference])

  /** Restoring twice is harmless (the repository's undo is idempotent), so the button is never disabled. */
  const restore = async (draft: DraftRecord) => {
    const restored = await repo.undoDelete(draft.id)
    const ui = useUiStore.getState()
    if (!restored.ok) return ui.showToast({ message: restored.error.message, tone: 'error' })
    // Back among the open drafts, selected and open; the keyboard goes with it.
    ui.setStatusFilter('working')
    ui.selectDraft(draft.id, { focusEditor: true })
    ui.showToast({ message: 'Draft restored.', tone: 'info' })
  }

  if (deleted === undefined) {
    return (
      <div className="deleted-drafts" aria-busy="true">
        <p className="drafts-empty">Loading…</p>
      </div>
    )
  }
  if (matching.length === 0) {
    return (
      <div className="drafts-empty">
        {deleted.length === 0 ? (
          <p>No deleted drafts. A draft you delete is kept here, so you can restore it.</p>
        ) : (
          <p>No deleted drafts match. Clear the search to see them all.</p>
        )}
      </div>
    )
  }
  const more = Math.min(DELETED_PAGE_SIZE, matching.length - shown)
  return (
    <div className="deleted-drafts">
      <p className="deleted-hint">
        Deleted drafts are kept here. Restore puts one back as it was: a queued request goes back in the queue.
      </p>
      <ul className="deleted-list" aria-label="Deleted drafts">
        {matching.slice(0, shown).map((draft) => (
          <DeletedRow key={draft.id} draft={draft} reference={props.reference} onRestore={() => void restore(draft)} />
        ))}
      </ul>
      {more > 0 && (
        <div className="deleted-more">
          <button type="button" className="button small" onClick={() => setShown((count) => count + DELETED_PAGE_SIZE)}>
            Show {more} more
          </button>
        </div>
      )}
    </div>
  )
}

function DeletedRow(props: { draft: DraftRecord; reference: ReferenceData; onRestore: () => void }) {
  const { draft, reference } = props
  const { name, dates } = draftSummaryWords(draft, reference)
  const deletedAt = draft.deletedAt ?? draft.updatedAt
  return (
    <li className="deleted-row">
      <DraftSummary draft={draft} reference={reference} />
      <div className="deleted-row-footer">
        <span>
          Deleted <time dateTime={new Date(deletedAt).toISOString()}>{deletedWhen(deletedAt, Date.now())}</time>
        </span>
        <button type="button" className="button small" onClick={props.onRestore}>
          Restore
          <span className="visually-hidden">
            {' '}
            {name}, {dates}
          </span>
        </button>
      </div>
    </li>
  )
}
