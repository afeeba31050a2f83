import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'

export function DateField(props: {
  field: 'startDate' | 'endDate'
  label: string
  value: string
  issues: VisibleIssues
  onChange(value: string): void
  onLeave(): void
}) {
  return (
    <div className="field">
      <label htmlFor={fieldId(props.field)}>{props.label}</label>
      <input
        id={fieldId(props.field)}
        type="date"
        value={props.value}
        {...issueAria(props.field, props.issues)}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onLeave}
      />
      <FieldIssues field={props.field} issues={props.issues} />
    </div>
  )
}
