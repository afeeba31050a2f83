/** Messages that belong to no single field (usually the server's), at the top of the form. */
export function GeneralIssues(props: { messages: readonly string[] }) {
  if (props.messages.length === 0) return null
  return (
    <div className="notice error-notice" id="issue-general">
      <p>
        <strong>Also to fix:</strong>
      </p>
      <ul>
        {props.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  )
}
