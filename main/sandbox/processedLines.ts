import type { FieldIssue } from '../../shared/apiSchemas'
import { calendarDateOf } from '../../shared/calendarDate'
import type { LeaveRequestInsert, LeaveRequestRecord } from '../../shared/leaveRequestSchema'

/**
 * Lines a pay run has processed (ProcessedInPayRunId set) have been paid: the sandbox refuses a PUT that
 * would change or remove one (400 naming the line), or that would take the request from under it (a
 * different employee or leave type, or a status other than Approved). Everything else may change, and
 * the processed lines keep their pay run. The spec is silent; this is the choice documented in
 * docs/sandbox.md.
 */
export function processedLineIssues(current: LeaveRequestRecord, next: LeaveRequestInsert): FieldIssue[] {
  const processed = (current.Items ?? []).filter((item) => typeof item.ProcessedInPayRunId === 'number')
  if (processed.length === 0) return []
  const issues: FieldIssue[] = []
  const nextItems = next.Items ?? []
  for (const line of processed) {
    const date = calendarDateOf(line.Date)
    const index = nextItems.findIndex((item) => calendarDateOf(item.Date) === date)
    const run = line.ProcessedInPayRunId
    const replacement = nextItems[index]
    if (!replacement) {
      issues.push({ field: 'Items', message: `The line for ${date} was paid in pay run ${run} and cannot be removed.` })
    } else if (replacement.Hours !== line.Hours || (replacement.IsPaid ?? true) !== (line.IsPaid ?? true)) {
      issues.push({ field: `Items.${index}`, message: `The line for ${date} was paid in pay run ${run}; its hours and paid flag cannot change.` })
    }
  }
  if (next.Status !== 'Approved') {
    issues.push({ field: 'Status', message: `Lines of this request were paid in pay run ${processed[0]?.ProcessedInPayRunId}; it must stay Approved.` })
  }
  for (const field of ['EmployeeId', 'LeaveTypePayItemId'] as const) {
    if (next[field] !== current[field]) issues.push({ field, message: `Lines of this request were paid in a pay run; ${field} cannot change.` })
  }
  return issues
}

/** The pay run of the processed line on the same date, carried over to the updated line. */
export function payRunOf(current: LeaveRequestRecord, date: string): number | null {
  const day = calendarDateOf(date)
  const line = (current.Items ?? []).find((item) => calendarDateOf(item.Date) === day)
  return typeof line?.ProcessedInPayRunId === 'number' ? line.ProcessedInPayRunId : null
}
