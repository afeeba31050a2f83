import type { BalanceWarning } from '../drafts/balanceWarning'
import { Icon } from '../ui/Icon'

/** A warning, never a block: payroll may allow leave in advance, and the balance is a cached copy. */
export function BalanceWarningNote(props: { warning: BalanceWarning | null }) {
  return (
    <div aria-live="polite">
      {props.warning && (
        <p className="notice warning-notice balance-warning">
          <Icon name="warning" />
          <span>
            <strong>Over the balance.</strong> {props.warning.message} You can still queue it if payroll allows leave in
            advance.
          </span>
        </p>
      )}
    </div>
  )
}
