import { LEAVE_STATUSES, type LeaveStatus } from '../../../shared/leaveRequestSchema'
import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'

const FIELD = 'leaveStatus'

/** The request's own status in payroll (Pending, Approved, Rejected), not where the draft is in the queue. */
export function LeaveStatusField(props: { value: LeaveStatus; issues: VisibleIssues; onChange(value: LeaveStatus): void }) {
  return (
    <div className="field">
      <label htmlFor={fieldId(FIELD)}>Approval</label>
      <select
        id={fieldId(FIELD)}
        value={props.value}
        {...issueAria(FIELD, props.issues)}
        onChange={(event) => props.onChange(event.target.value as LeaveStatus)}
      >
        {LEAVE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      <FieldIssues field={FIELD} issues={props.issues} />
    </div>
  )
}
