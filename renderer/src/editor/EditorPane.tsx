import { useLiveQuery } from 'dexie-react-hooks'
import type { DraftActions } from '../actions/draftActions'
import { useAppServices } from '../app/AppServicesContext'
import type { Autosaver } from '../autosave/createAutosaver'
import { isEditable } from '../db'
import type { DraftContent } from '../drafts/draftContent'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'
import { DraftForm } from './DraftForm'
import { ConflictView } from '../inPayroll/ConflictView'
import { ReadOnlyDraft } from './ReadOnlyDraft'

/** The right side: the open draft, editable while the clerk owns it, read-only once it is on its way. */
export function EditorPane(props: {
  fileId: number
  reference: ReferenceData
  autosaver: Autosaver<DraftContent>
  actions: DraftActions
}) {
  const { repo } = useAppServices()
  const selectedId = useUiStore((s) => s.selectedDraftId)
  const draft = useLiveQuery(async () => (selectedId ? ((await repo.getDraft(selectedId)) ?? null) : null), [repo, selectedId])
  // Until the newly selected draft has loaded, show nothing rather than the previous one.
  const loading = selectedId !== null && (draft === undefined || (draft !== null && draft.id !== selectedId))

  let content = null
  if (loading) content = null
  else if (!draft || draft.fileId !== props.fileId) content = <NothingOpen />
  else if (draft.status === 'conflict') {
    content = <ConflictView key={draft.id} draft={draft} reference={props.reference} actions={props.actions} />
  } else if (isEditable(draft.status)) {
    content = <DraftForm key={draft.id} draft={draft} reference={props.reference} autosaver={props.autosaver} actions={props.actions} />
  } else content = <ReadOnlyDraft key={draft.id} draft={draft} reference={props.reference} actions={props.actions} />

  return (
    <section className="editor-pane" aria-label="Open draft">
      {content}
    </section>
  )
}

function NothingOpen() {
  return (
    <div className="nothing-open">
      <h2>No draft open</h2>
      <p>
        Choose a draft in the list, or start a new one with <strong>New draft</strong> (<kbd>Ctrl</kbd>+<kbd>N</kbd>).
      </p>
      <p>
        Press <kbd>?</kbd> for all keyboard shortcuts.
      </p>
    </div>
  )
}
