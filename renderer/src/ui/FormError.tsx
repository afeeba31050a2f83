/** A form's own error (not a field's), read out as soon as it appears. */
export function FormError(props: { id: string; message: string | null }) {
  if (!props.message) return null
  return (
    <p id={props.id} className="form-error" role="alert">
      <span aria-hidden="true" className="form-error-icon">!</span>
      {props.message}
    </p>
  )
}
