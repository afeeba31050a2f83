import './inPayroll.css'
import type { DecisionActions } from './decisionActions'
import { useSelection } from '../list/selectionStore'
import { useUiStore } from '../state/uiStore'
import { payrollNumberOf } from './OpenByNumberDialog'

/**
 * Above the list, only when there is something to do (the list is short on room): once requests are
 * ticked (Space, or Ctrl+click), how many and what can be done to all of them (Approve, Reject: each asks
 * first; Clear ticks); and when the search is a payroll number ("#812"), "Open payroll request #812",
 * which reads a request made in payroll itself (also Ctrl+Shift+O).
 */
export function DecisionTools(props: { actions: Pick<DecisionActions, 'approveSelected' | 'rejectSelected' | 'openPayrollRequest'> }) {
  const ticked = useSelection((s) => s.ticked.length)
  const clear = useSelection((s) => s.clear)
  const search = useUiStore((s) => s.search)
  const number = /^\s*#/.test(search) ? payrollNumberOf(search) : null
  const shown = ticked > 0 || number !== null
  return (
    <div className={shown ? 'decision-tools' : 'visually-hidden'} role="group" aria-label="Requests in payroll">
      {number !== null && (
        <button type="button" className="button small" onClick={() => void props.actions.openPayrollRequest(number)}>
          Open payroll request #{number}
        </button>
      )}
      <span id="drafts-tick-hint" className={ticked > 0 ? 'decision-ticked' : 'visually-hidden'} role="status">
        {ticked > 0 ? `${ticked} ticked` : 'Space ticks a request, to approve or reject several at once.'}
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
