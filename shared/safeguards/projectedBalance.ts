/**
 * What an employee's balance of one leave type will be after the requests already on their way and
 * this one. A warning when it goes below zero, never a block: the balance is a cached copy and payroll
 * may allow leave in advance.
 */

export interface BalanceDraw {
  id: string
  employeeId?: number
  leaveTypePayItemId?: number
  leaveStatus: string
  /** Where the request is: only those on their way to payroll or already there count. */
  status: string
  paidHours: number
  /** A pending request with no days yet: paidHours is worked out from its dates (the shared calculation). */
  estimated?: boolean
  /** When payroll accepted it; requests accepted before the balance was fetched are already in it. */
  syncedAt?: number
}

export interface ProjectedBalance {
  leaveTypeName: string
  /** The balance as payroll last reported it. */
  balanceHours: number
  /** Paid hours of other requests pending or approved since then, or queued. */
  committedHours: number
  committedCount: number
  thisHours: number
  afterHours: number
  goesNegative: boolean
  /** Some of the hours are estimates (requests with no days yet): the figure must say so. */
  estimated: boolean
}

const ON_THE_WAY = new Set(['queued', 'sending', 'uncertain'])

/** Does `other` draw on the balance that was fetched at `balanceAsOf`, on top of it? */
export function drawsOnTopOfBalance(other: BalanceDraw, balanceAsOf: number | undefined): boolean {
  if (other.leaveStatus === 'Rejected') return false
  if (ON_THE_WAY.has(other.status)) return true
  if (other.status !== 'synced') return false
  // Accepted after the cached balance was fetched, or we cannot tell: the cached figure does not show it.
  return balanceAsOf === undefined || other.syncedAt === undefined || other.syncedAt > balanceAsOf
}

export function projectBalance(input: {
  balance: { name: string; hours: number }
  balanceAsOf: number | undefined
  thisRequest: Omit<BalanceDraw, 'status' | 'syncedAt'>
  others: readonly BalanceDraw[]
}): ProjectedBalance {
  const { thisRequest } = input
  const counted = input.others.filter(
    (other) =>
      other.id !== thisRequest.id &&
      other.employeeId === thisRequest.employeeId &&
      other.leaveTypePayItemId === thisRequest.leaveTypePayItemId &&
      drawsOnTopOfBalance(other, input.balanceAsOf)
  )
  const committedHours = round(counted.reduce((sum, other) => sum + other.paidHours, 0))
  const thisHours = thisRequest.leaveStatus === 'Rejected' ? 0 : round(thisRequest.paidHours)
  const afterHours = round(input.balance.hours - committedHours - thisHours)
  return {
    leaveTypeName: input.balance.name,
    balanceHours: input.balance.hours,
    committedHours,
    committedCount: counted.length,
    thisHours,
    afterHours,
    goesNegative: afterHours < 0,
    estimated: (thisRequest.estimated === true && thisHours > 0) || counted.some((other) => other.estimated === true && other.paidHours > 0)
  }
}

function round(hours: number): number {
  return Math.round(hours * 100) / 100
}
