import type { PayrollCopy } from '../records'

/**
 * Payroll accepted the request (2xx, its Id known) but the database would not record that, even after
 * retries. What payroll said is kept in the queue store's memory so that Leave Desk finishes the job
 * later — at the next recovery, at "Mark as sent", or instead of posting again — rather than losing the
 * Id or sending the request a second time. Only a page that goes away first loses it; its draft is then
 * recovered as an interrupted send (uncertain), the safe reading.
 */
export interface UnrecordedAcceptance {
  serverId: number
  lastModifiedDateUtc?: string
  /** An update's acceptance: payroll's copy after it. */
  inPayroll?: PayrollCopy
}

/** Shown on a draft payroll accepted while the database refused to record it. */
export function acceptedButUnrecordedMessage(serverId: number): string {
  return (
    `Payroll accepted this request as #${serverId}, but Leave Desk could not save that on this computer. ` +
    'It is in payroll: it is safe to choose "Mark as sent". Do not send it again.'
  )
}
