import type { ReactNode } from 'react'

/**
 * A form's last row: the way out (Cancel, which changes nothing) and the form's own action (it submits
 * the form, so Enter does it too). `children`: the action's words.
 */
export function CancelAndSubmit(props: {
  className: string
  onCancel(): void
  children: ReactNode
  /** The way out as a quiet button, beside a dialog's one action. */
  quietCancel?: boolean
  cancelLabel?: string
  cancelAutoFocus?: boolean
}) {
  return (
    <div className={props.className}>
      <button type="button" className={props.quietCancel ? 'button quiet' : 'button'} onClick={props.onCancel} autoFocus={props.cancelAutoFocus}>
        {props.cancelLabel ?? 'Cancel'}
      </button>
      <button type="submit" className="button primary">
        {props.children}
      </button>
    </div>
  )
}
