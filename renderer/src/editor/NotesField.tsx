import { MAX_NOTES_LENGTH } from '../../../shared/leaveRequestSchema'
import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'

const FIELD = 'notes'

export function NotesField(props: { value: string; issues: VisibleIssues; onChange(value: string): void }) {
  const hintId = `${fieldId(FIELD)}-hint`
  return (
    <div className="field">
      <label htmlFor={fieldId(FIELD)}>Notes</label>
      <textarea
        id={fieldId(FIELD)}
        rows={3}
        value={props.value}
        {...issueAria(FIELD, props.issues, hintId)}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <FieldIssues field={FIELD} issues={props.issues} />
      <p id={hintId} className="field-hint">
        Optional. Sent to payroll with the request ({props.value.length} of {MAX_NOTES_LENGTH} characters).
      </p>
    </div>
  )
}
