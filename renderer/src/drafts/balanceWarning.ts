import type { DraftContent } from './draftContent'
import { paidHours } from './totalHours'

/** The part of a cached employee a balance check needs (the cache's own employee record fits). */
export interface EmployeeBalances {
  leaveBalances?: readonly { payItemId: number; name: string; hours: number }[]
}

export interface BalanceWarning {
  leaveTypeName: string
  requestedHours: number
  balanceHours: number
  message: string
}

/**
 * A warning, never a block: the balance is a cached copy and payroll may allow leave in advance. Only
 * paid hours draw on the balance, and a rejected request draws nothing. No warning when we do not know
 * the balance for that leave type.
 */
export function balanceWarning(
  draft: Pick<DraftContent, 'leaveTypePayItemId' | 'leaveStatus' | 'items'>,
  employee: EmployeeBalances | undefined
): BalanceWarning | null {
  if (draft.leaveStatus === 'Rejected' || draft.leaveTypePayItemId === undefined) return null
  const balance = employee?.leaveBalances?.find((b) => b.payItemId === draft.leaveTypePayItemId)
  if (!balance) return null
  const requestedHours = paidHours(draft)
  if (requestedHours <= balance.hours) return null
  return {
    leaveTypeName: balance.name,
    requestedHours,
    balanceHours: balance.hours,
    message: `This request takes ${requestedHours} paid hours of ${balance.name}, but the balance is ${balance.hours} hours.`
  }
}
