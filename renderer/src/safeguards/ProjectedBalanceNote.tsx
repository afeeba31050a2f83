import { projectBalance, type BalanceDraw } from '../../../shared/safeguards'
import type { CachedEmployee } from '../db'
import type { DraftContent } from '../drafts/draftContent'
import { paidHours } from '../drafts/totalHours'
import { formatHours } from '../format/formatting'

/**
 * Beside the cached balance: what remains after the requests on their way or accepted since the balance
 * was fetched, and this one. Below zero is a warning, never a block.
 */
export function ProjectedBalanceNote(props: {
  draftId: string
  content: DraftContent
  employee: CachedEmployee | undefined
  draws: readonly BalanceDraw[]
  balanceAsOf: number | undefined
  /** Paid hours by the shared calculation, for a request with no days yet (then the figure is an estimate). */
  estimate: ((request: DraftContent) => number) | undefined
}) {
  const { content, employee } = props
  if (!employee || content.leaveTypePayItemId === undefined || content.employeeId === undefined) return null
  const balance = employee.leaveBalances.find((b) => b.payItemId === content.leaveTypePayItemId)
  if (!balance) return null
  const projected = projectBalance({
    balance,
    balanceAsOf: props.balanceAsOf,
    thisRequest: {
      id: props.draftId,
      employeeId: content.employeeId,
      leaveTypePayItemId: content.leaveTypePayItemId,
      leaveStatus: content.leaveStatus,
      ...(content.items.length === 0 && props.estimate ? { paidHours: props.estimate(content), estimated: true } : { paidHours: paidHours(content) })
    },
    others: props.draws
  })
  const others =
    projected.committedCount === 0
      ? ''
      : `, less ${formatHours(projected.committedHours)} in ${projected.committedCount} ${projected.committedCount === 1 ? 'request' : 'requests'} queued or sent since the balance was fetched`
  return (
    <p
      className={`notice projected-balance ${projected.goesNegative ? 'warning-notice' : 'info-notice'}`}
      aria-live="polite"
      data-testid="projected-balance"
    >
      <span>
        <strong>
          After this request: {projected.estimated ? 'about ' : ''}
          {formatHours(projected.afterHours)} of {projected.leaveTypeName}
        </strong>{' '}
        (balance {formatHours(projected.balanceHours)}
        {others}, less {formatHours(projected.thisHours)} for this one).
        {projected.estimated && ' An estimate: a request with no days yet is counted at the hours its dates would take.'}
        {projected.goesNegative && ' That is below zero: you can still queue it if payroll allows leave in advance.'}
      </span>
    </p>
  )
}
