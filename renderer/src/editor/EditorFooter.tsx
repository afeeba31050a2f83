import type { DraftActions } from '../actions/draftActions'
import { isDeletable, isEditable, type DraftRecord } from '../db'
import { Icon } from '../ui/Icon'

/** The open draft's actions, last in the tab order after its fields; each has its shortcut. */
export function EditorFooter(props: { draft: DraftRecord; actions: DraftActions }) {
  const { draft, actions } = props
  return (
    <div className="editor-footer">
      {isEditable(draft.status) && (
        <button type="button" className="button primary" onClick={() => void actions.queue()} aria-keyshortcuts="Control+Enter">
          <Icon name="send" />
          Queue for sending
          <kbd className="shortcut-hint">Ctrl+Enter</kbd>
        </button>
      )}
      {draft.status === 'queued' && (
        <button type="button" className="button primary" onClick={() => void actions.unqueue()}>
          <Icon name="undo" />
          Unqueue to edit
        </button>
      )}
      {draft.status === 'queued' && draft.serverId !== undefined && (
        <button type="button" className="button" onClick={() => void actions.discardChange()}>
          <Icon name="close" />
          Discard my change
        </button>
      )}
      <button type="button" className="button" onClick={() => void actions.duplicate()} aria-keyshortcuts="Control+D">
        <Icon name="copy" />
        Duplicate
      </button>
      {isDeletable(draft.status, draft.serverId !== undefined) && (
        <button type="button" className="button danger" onClick={() => void actions.remove()} aria-keyshortcuts="Delete">
          <Icon name="trash" />
          Delete
        </button>
      )}
      {/* Only where the clerk types: a queued or sent request cannot change, so nothing is being saved. */}
      {isEditable(draft.status) && <span className="autosave-note">Saved as you type</span>}
    </div>
  )
}
