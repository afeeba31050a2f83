import './inPayroll.css'
import type { DecisionActions } from './decisionActions'
import { useSelection } from '../list/selectionStore'
import { useOpenByNumber } from './decisionPrompt'

/**
 * Above the list: "Open payroll request #…", and once requests are ticked (Space, or Ctrl+click), what can
 * be done to all of them: Approve, Reject (each asks first), or clear the ticks.
 */
export function DecisionTools(props: { actions: Pick<DecisionActions, 'approveSelected' | 'rejectSelected'> }) {
  const ticked = useSelection((s) => s.ticked.length)
  const clear = useSelection((s) => s.clear)
  return (
    <div className="decision-tools" role="group" aria-label="Requests in payroll">
      <button type="button" className="button small quiet" onClick={() => useOpenByNumber.getState().setOpen(true)} aria-keyshortcuts="Control+Shift+O">
        Open payroll request #…
      </button>
      <span id="drafts-tick-hint" className="field-hint" role="status">
        {ticked > 0 ? `${ticked} ticked: A approves them, R rejects them.` : 'Space ticks a request, to approve or reject several at once.'}
      </span>
      {ticked > 0 && (
        <>
          <button type="button" className="button small" onClick={() => void props.actions.approveSelected()} aria-keyshortcuts="A">
            Approve ticked
          </button>
          <button type="button" className="button small" onClick={() => void props.actions.rejectSelected()} aria-keyshortcuts="R">
            Reject ticked
          </button>
          <button type="button" className="button small quiet" onClick={clear}>
            Clear ticks
          </button>
        </>
      )}
    </div>
  )
}
