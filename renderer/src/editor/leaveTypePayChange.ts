import { isUnpaidLeaveType } from '../../../shared/leaveDays'
import type { DraftContent } from '../drafts/draftContent'
import { isProcessed } from '../inPayroll/processedLines'

export function typeName(id: number | undefined, nameOf: (id: number) => string | undefined): string | undefined {
  return id === undefined ? undefined : nameOf(id)
}

/**
 * The change of leave type, with the lines' pay following it when the type goes from paid to unpaid or
 * back: a request filled as Annual Leave and then turned into Unpaid Leave must not reach the pay run as
 * paid. Lines payroll has already paid are not touched; the clerk can still change any line after.
 */
export function withTypesPay(
  content: Pick<DraftContent, 'leaveTypePayItemId' | 'items'>,
  leaveTypePayItemId: number | undefined,
  nameOf: (id: number) => string | undefined
): Partial<DraftContent> {
  const wasUnpaid = isUnpaidLeaveType(typeName(content.leaveTypePayItemId, nameOf))
  const nowUnpaid = isUnpaidLeaveType(typeName(leaveTypePayItemId, nameOf))
  if (wasUnpaid === nowUnpaid || content.items.length === 0) return { leaveTypePayItemId }
  return { leaveTypePayItemId, items: content.items.map((item) => (isProcessed(item) ? item : { ...item, isPaid: !nowUnpaid })) }
}
