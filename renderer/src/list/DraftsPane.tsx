import type { DraftActions } from '../actions/draftActions'
import { ReferenceStatus } from '../reference/ReferenceStatus'
import type { ReferenceData } from '../reference/useReferenceData'
import type { ReferenceRefresh } from '../reference/useReferenceRefresh'
import { useUiStore } from '../state/uiStore'
import { BulkTools } from '../import/BulkTools'
import { Icon } from '../ui/Icon'
import { DecisionTools } from '../inPayroll/DecisionTools'
import { DeletedDrafts } from './DeletedDrafts'
import { DraftSearch } from './DraftSearch'
import { DraftsList } from './DraftsList'
import { StatusFilter } from './StatusFilter'

/** The left side: make drafts, find them, see where each one is. */
export function DraftsPane(props: {
  fileId: number
  actions: DraftActions
  reference: ReferenceData
  refresh: ReferenceRefresh
}) {
  const signedIn = useUiStore((s) => s.session?.state === 'signed-in')
  const showingDeleted = useUiStore((s) => s.statusFilter === 'deleted')
  return (
    <section className="drafts-pane" aria-labelledby="drafts-title">
      <div className="pane-heading">
        {/* Names the pane for screen readers; on screen the buttons and the list say what it is, and the list keeps the room. */}
        <h2 id="drafts-title" className="visually-hidden">
          Drafts
        </h2>
        <div className="button-row">
          {/* A file just opened: the keyboard starts here, not on the page. */}
          <button type="button" className="button primary" onClick={() => void props.actions.newDraft()} aria-keyshortcuts="Control+N" autoFocus>
            <Icon name="plus" />
            New draft
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void props.actions.queueAllValid()}
            aria-keyshortcuts="Control+Shift+Enter"
          >
            <Icon name="send" />
            Queue all ready
          </button>
          <BulkTools fileId={props.fileId} reference={props.reference} />
        </div>
      </div>
      <DecisionTools actions={props.actions} />
      <div className="list-filters">
        <DraftSearch />
        <StatusFilter fileId={props.fileId} />
      </div>
      {showingDeleted ? (
        <DeletedDrafts fileId={props.fileId} reference={props.reference} />
      ) : (
        <DraftsList fileId={props.fileId} reference={props.reference} />
      )}
      <ReferenceStatus reference={props.reference} refresh={props.refresh} canRefresh={signedIn} />
    </section>
  )
}
