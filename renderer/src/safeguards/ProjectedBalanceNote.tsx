import { projectBalance, type BalanceDraw } from '../../../shared/safeguards'
import type { CachedEmployee } from '../db'
import type { DraftContent } from '../drafts/draftContent'
import { paidHours } from '../drafts/totalHours'
import { formatDate, formatHours } from '../format/formatting'
import type { BalancesAsAt } from '../reference/balancesAsAt'
import { payrollBalanceFor } from './payrollBalance'

/**
 * From payroll's balance as at the leave's first day (or, until payroll has answered for that day, the
 * cached balance): what remains after the requests on their way or accepted since the balance was
 * fetched, and this one. Below zero is a warning, never a block.
 */
export function ProjectedBalanceNote(props: {
  draftId: string
  content: DraftContent
  employee: CachedEmployee | undefined
  draws: readonly BalanceDraw[]
  balanceAsOf: number | undefined
  /** Payroll's balances as at the leave's first day, when asked for. */
  asAt?: BalancesAsAt | undefined
  /** Paid hours by the shared calculation, for a request with no days yet (then the figure is an estimate). */
  estimate: ((request: DraftContent) => number) | undefined
}) {
  const { content, employee } = props
  if (!employee || content.leaveTypePayItemId === undefined || content.employeeId === undefined) return null
  const balance = payrollBalanceFor({
    employee,
    leaveTypePayItemId: content.leaveTypePayItemId,
    cachedAsOf: props.balanceAsOf,
    day: content.startDate,
    asAt: props.asAt
  })
  if (!balance) return null
  const projected = projectBalance({
    balance,
    balanceAsOf: balance.fetchedAt,
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
        ({balance.asAtDay ? `payroll's balance on ${formatDate(balance.asAtDay)}` : 'balance'} {formatHours(projected.balanceHours)}
        {others}, less {formatHours(projected.thisHours)} for this one).
        {projected.estimated && ' An estimate: a request with no days yet is counted at the hours its dates would take.'}
        {projected.goesNegative && ' That is below zero: you can still queue it if payroll allows leave in advance.'}
      </span>
      {balance.asAtDay && (
        <span className="balance-source">
          {' '}
          Payroll's balance for a day is its own figure: what the employee has accrued by then, less the leave payroll has
          approved up to that day (not requests still pending there, nor those queued here).
        </span>
      )}
      {balance.dayUnavailable && (
        <span className="balance-source"> Payroll's balance for the first day could not be read, so this uses the last one fetched.</span>
      )}
    </p>
  )
}
