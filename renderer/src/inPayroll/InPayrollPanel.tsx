import './inPayroll.css'
import type { DraftActions } from '../actions/draftActions'
import type { DraftRecord } from '../db'
import { formatAsOf } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { Icon, type IconName } from '../ui/Icon'
import { RefreshReportNote } from './RefreshReportNote'

/**
 * A request payroll holds, as the clerk opens it: its number in payroll, when Leave Desk last read it,
 * and what can be done to it, each with its key (also in the keyboard help).
 */
export function InPayrollPanel(props: { draft: DraftRecord & { serverId: number }; reference: ReferenceData; actions: DraftActions }) {
  const { draft, actions } = props
  const readAt = draft.inPayroll?.readAt ?? draft.syncedAt
  return (
    <section className="in-payroll" aria-labelledby="in-payroll-title">
      <h3 id="in-payroll-title">In payroll as request #{draft.serverId}</h3>
      <p className="in-payroll-read">
        {readAt === undefined ? 'Not read from payroll yet: refresh it before changing it.' : `Read from payroll ${formatAsOf(readAt, Date.now())}.`}
      </p>
      <div className="button-row in-payroll-actions" role="group" aria-label="Change this request in payroll">
        <PayrollButton icon="refresh" label="Refresh from payroll" keyName="F5" onClick={actions.refreshFromPayroll} />
        <PayrollButton icon="draft" label="Edit" keyName="E" onClick={actions.editInPayroll} />
        {draft.leaveStatus !== 'Approved' && <PayrollButton icon="synced" label="Approve" keyName="A" onClick={actions.approve} />}
        {draft.leaveStatus !== 'Rejected' && <PayrollButton icon="close" label="Reject" keyName="R" onClick={actions.reject} />}
      </div>
      <p className="field-hint">Edit, Approve and Reject go to payroll through the queue, offline too.</p>
      <RefreshReportNote draftId={draft.id} reference={props.reference} />
    </section>
  )
}

function PayrollButton(props: { icon: IconName; label: string; keyName: string; onClick: () => Promise<void> }) {
  return (
    <button type="button" className="button" onClick={() => void props.onClick()} aria-keyshortcuts={props.keyName}>
      <Icon name={props.icon} />
      {props.label}
      <kbd className="shortcut-hint">{props.keyName}</kbd>
    </button>
  )
}
