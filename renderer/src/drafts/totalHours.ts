import { totalHoursOf } from '../../../shared/leaveRules'
import type { DraftItem } from './draftContent'

/** The hours the server will report as TotalHours. A half-typed hours field counts as nothing. */
export function totalHours(draft: { items: readonly DraftItem[] }): number {
  return totalHoursOf(draft.items.map((item) => ({ Hours: Number.isFinite(item.hours) ? item.hours : 0 })))
}

/** Hours that draw on a leave balance: unpaid lines do not. */
export function paidHours(draft: { items: readonly DraftItem[] }): number {
  return totalHours({ items: draft.items.filter((item) => item.isPaid) })
}
