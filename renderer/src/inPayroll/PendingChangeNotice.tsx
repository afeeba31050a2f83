import './inPayroll.css'
import type { DraftActions } from '../actions/draftActions'
import type { DraftRecord } from '../db'
import { Icon } from '../ui/Icon'
import type { ReferenceData } from '../reference/useReferenceData'
import { useInPayrollStore } from './inPayrollStore'
import { RefreshReportNote } from './RefreshReportNote'

/**
 * Above the editor of a change to a request in payroll: which request it changes, that nothing reaches
 * payroll until it is queued, and the way back to payroll's version. After an Approve that found no days,
 * what payroll needs first.
 */
export function PendingChangeNotice(props: { draft: DraftRecord & { serverId: number }; reference: ReferenceData; actions: DraftActions }) {
  const { draft } = props
  const needsDays = useInPayrollStore((s) => s.approvalNeedsDays === draft.id) && draft.items.length === 0
  const locked = draft.items.some((item) => item.processedInPayRunId !== undefined)
  return (
    <div className="notice info-notice pending-change" role="note" aria-label="Change to a request in payroll">
      <p>
        <strong>Change to request #{draft.serverId} in payroll</strong> — sent when you queue it (<kbd>Ctrl</kbd>+<kbd>Enter</kbd>).
      </p>
      {needsDays && (
        <p className="pending-change-days">
          To approve it, payroll needs its days of leave: choose <strong>Fill weekdays</strong> below (or add lines), then queue it.
        </p>
      )}
      {locked && <p>Days already paid in a pay run are locked: payroll does not accept changes to them.</p>}
      <div className="button-row">
        <button type="button" className="button" onClick={() => void props.actions.discardChange()}>
          <Icon name="undo" />
          Discard my change
        </button>
        {/* Whether payroll changed meanwhile: if it did, the two versions are shown side by side. */}
        <button type="button" className="button quiet" onClick={() => void props.actions.refreshFromPayroll()} aria-keyshortcuts="F5">
          <Icon name="refresh" />
          Refresh from payroll
          <kbd className="shortcut-hint">F5</kbd>
        </button>
      </div>
      <RefreshReportNote draftId={draft.id} reference={props.reference} />
    </div>
  )
}
