import { findClashes, type LeaveClash, type LeaveSpan } from '../../../shared/safeguards'
import { formatAsOf, formatDateRange } from '../format/formatting'
import type { LedgerRequest } from './teamRequestIndex'

/**
 * A request being drafted here against what colleagues have sent (the team ledger): the same overlap and
 * duplicate rule as this computer's own requests (shared/safeguards), over colleagues' requests only
 * (this install's own are in its drafts already). Informs; never sends, never blocks typing.
 */
export type ColleagueClash = LeaveClash<LedgerSpan> & { other: LedgerSpan }
export type LedgerSpan = LeaveSpan & { request: LedgerRequest }

export function colleagueClashesOf(draft: LeaveSpan, ledger: readonly LedgerRequest[], myInstallId: string): ColleagueClash[] {
  const theirs = ledger
    .filter((request) => request.enteredBy.installId !== myInstallId)
    .map((request): LedgerSpan => ({
      id: request._id,
      employeeId: request.employeeId,
      leaveTypePayItemId: request.leaveTypePayItemId,
      startDate: request.startDate,
      endDate: request.endDate,
      leaveStatus: request.leaveStatus,
      request
    }))
  const clashes = findClashes([draft], theirs) as ColleagueClash[]
  return clashes.sort((a, b) => Number(b.exact) - Number(a.exact) || a.other.request.enteredAt - b.other.request.enteredAt)
}

/**
 * "ana at FRONT-DESK-1 sent this leave (Annual leave 7 – 8 Dec 2026) at 10:02 today; in payroll as #501."
 * Who entered it, when, and where it is: what a clerk needs to decide without asking around.
 */
export function colleagueClashWords(clash: ColleagueClash, now: number): string {
  const { request } = clash.other
  const what = `${request.leaveTypeName} ${formatDateRange(request.startDate, request.endDate)}`
  const lead = clash.exact ? `sent this leave (${what})` : `sent leave that overlaps (${what})`
  const where =
    request.state === 'uncertain'
      ? 'it may already be in payroll'
      : request.serverId !== undefined
        ? `in payroll as #${request.serverId}${request.leaveStatus === 'Pending' ? '' : `, ${request.leaveStatus.toLowerCase()}`}`
        : 'in payroll'
  const versions = request.conflicted ? ' (the team server holds two versions of it)' : ''
  return `${request.enteredBy.clerkName} ${lead} at ${formatAsOf(request.enteredAt, now)}; ${where}${versions}.`
}
