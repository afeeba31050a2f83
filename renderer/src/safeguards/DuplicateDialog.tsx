import { useEffect, useRef } from 'react'
import { useUiStore } from '../state/uiStore'
import { useDuplicatePrompt } from './duplicatePromptStore'
import './safeguards.css'

/**
 * The exact-duplicate question before a draft is queued ("Queue anyway" / "Don't queue"), and the list
 * of duplicates "Queue all ready" held back. A modal dialog: Escape answers "Don't queue".
 */
export function DuplicateDialog(props: { onQueueAnyway(draftId: string): void }) {
  const prompt = useDuplicatePrompt((s) => s.prompt)
  const close = useDuplicatePrompt((s) => s.close)
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (prompt && !dialog.open) dialog.showModal()
    if (!prompt && dialog.open) dialog.close()
  }, [prompt])

  const open = (draftId: string) => {
    close()
    useUiStore.getState().selectDraft(draftId)
  }

  return (
    <dialog ref={dialogRef} className="help-dialog duplicate-dialog" aria-labelledby="duplicate-title" onClose={close}>
      {prompt?.kind === 'confirm' && (
        <>
          <h2 id="duplicate-title">Queue a duplicate?</h2>
          <p>
            <strong>{prompt.title}</strong> has the same employee, leave type and dates as:
          </p>
          <ul className="duplicate-list">
            {prompt.duplicates.map((line) => (
              <li key={line.draftId}>
                {line.words}{' '}
                <button type="button" className="link-button" onClick={() => open(line.draftId)}>
                  Open it
                </button>
              </li>
            ))}
          </ul>
          <p>Payroll would then hold this leave twice. Queue it only if the employee really takes it twice.</p>
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
          <h2 id="duplicate-title">Held back: possible duplicates</h2>
          <p>
            These drafts are the same as another request, so they were not queued. Open each one and queue it if you
            mean it.
          </p>
          <ul className="duplicate-list">
            {prompt.held.map((line) => (
              <li key={line.draftId}>
                {line.words}{' '}
                <button type="button" className="link-button" onClick={() => open(line.draftId)}>
                  Open
                </button>
              </li>
            ))}
          </ul>
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
