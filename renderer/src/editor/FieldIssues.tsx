import { Icon } from '../ui/Icon'
import { issueId } from './fieldIds'
import type { VisibleIssues } from './visibleIssues'

/** The messages about one field, right under it, referenced by the control's aria-describedby. */
export function FieldIssues(props: { field: string; issues: VisibleIssues }) {
  const messages = props.issues.byField.get(props.field) ?? []
  if (messages.length === 0) return null
  return (
    <div id={issueId(props.field)} className="field-issue">
      {messages.map((message) => (
        <p key={message}>
          <Icon name="attention" />
          {message}
        </p>
      ))}
    </div>
  )
}
