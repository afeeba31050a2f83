import type { CachedEmployee, CachedLeaveType } from '../db'
import { formatHours } from '../format/formatting'
import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'
import { LeaveTypeOptions } from '../reference/LeaveTypeOptions'

const FIELD = 'leaveTypePayItemId'

/** The cached entitlements of the file; the hint gives the chosen employee's balance of that type. */
export function LeaveTypeField(props: {
  leaveTypes: readonly CachedLeaveType[]
  value: number | undefined
  employee: CachedEmployee | undefined
  issues: VisibleIssues
  onChange(value: number | undefined): void
  onLeave(): void
}) {
  const hintId = `${fieldId(FIELD)}-hint`
  const known = props.value === undefined || props.leaveTypes.some((type) => type.id === props.value)
  const balance = props.employee?.leaveBalances.find((b) => b.payItemId === props.value)
  return (
    <div className="field">
      <label htmlFor={fieldId(FIELD)}>Leave type</label>
      <select
        id={fieldId(FIELD)}
        value={props.value ?? ''}
        {...issueAria(FIELD, props.issues, hintId)}
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        onBlur={props.onLeave}
      >
        <option value="">Choose a leave type</option>
        <LeaveTypeOptions leaveTypes={props.leaveTypes} />
        {!known && <option value={props.value}>Leave type {props.value} (not in the cached list)</option>}
      </select>
      <FieldIssues field={FIELD} issues={props.issues} />
      <p id={hintId} className="field-hint">
        {props.leaveTypes.length === 0
          ? 'No leave types on this computer yet.'
          : balance && props.employee
            ? `${props.employee.firstName || props.employee.displayName} has ${formatHours(balance.hours)} of ${balance.name}.`
            : ' '}
      </p>
    </div>
  )
}
