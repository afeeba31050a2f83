import { useUiStore } from '../state/uiStore'
import { useDuplicatePrompt } from './duplicatePromptStore'
import { useModalDialog } from '../ui/useModalDialog'
import './safeguards.css'

/**
 * The exact-duplicate question before a draft is queued ("Queue anyway" / "Don't queue"), and the list
 * of duplicates "Queue all ready" held back. A modal dialog: Escape answers "Don't queue".
 */
export function DuplicateDialog(props: { onQueueAnyway(draftId: string): void }) {
  const prompt = useDuplicatePrompt((s) => s.prompt)
  const close = useDuplicatePrompt((s) => s.close)
  const dialogRef = useModalDialog(prompt !== null)

  const open = (draftId: string) => {
    close()
    useUiStore.getState().selectDraft(draftId)
  }

  return (
    <dialog ref={dialogRef} className="help-dialog duplicate-dialog" aria-labelledby="duplicate-title" onClose={close}>
      {prompt?.kind === 'confirm' && (
        <>
          <h2 id="duplicate-title">{prompt.exact ? 'Queue a duplicate?' : 'Queue an overlapping request?'}</h2>
          <p>
            <strong>{prompt.title}</strong> {prompt.exact ? 'has the same employee, leave type and dates as:' : 'shares days with the same employee’s:'}
          </p>
          <DraftLinks lines={prompt.duplicates} openLabel="Open it" open={open} />
          <p>
            {prompt.exact
              ? 'Payroll would then hold this leave twice. Queue it only if the employee really takes it twice.'
              : 'Payroll would then hold leave twice on those days. Queue it only if both requests are meant.'}
          </p>
          <div className="button-row dialog-buttons">
            <button type="button" className="button quiet" onClick={close} autoFocus>
              Don’t queue
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                close()
                props.onQueueAnyway(prompt.draftId)
              }}
            >
              Queue anyway
            </button>
          </div>
        </>
      )}
      {prompt?.kind === 'held-back' && (
        <>
          <h2 id="duplicate-title">Held back: possible duplicates and overlaps</h2>
          <p>
            These drafts are the same as another request, or share days with one of the same employee’s, so they were
            not queued. Open each one and queue it if you mean it.
          </p>
          <DraftLinks lines={prompt.held} openLabel="Open" open={open} />
          <div className="button-row dialog-buttons">
            <button type="button" className="button" onClick={close} autoFocus>
              Close
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}

/** The drafts the question is about, each with a button that opens it in the editor. */
function DraftLinks(props: { lines: readonly { draftId: string; words: string }[]; openLabel: string; open(draftId: string): void }) {
  return (
    <ul className="duplicate-list">
      {props.lines.map((line) => (
        <li key={line.draftId}>
          {line.words}{' '}
          <button type="button" className="link-button" onClick={() => props.open(line.draftId)}>
            {props.openLabel}
          </button>
        </li>
      ))}
    </ul>
  )
}
