import type { DraftItem } from '../drafts/draftContent'

/** A line payroll has already paid in a pay run: the editor shows it locked, and payroll refuses a change to it. */
export const isProcessed = (item: DraftItem): boolean => item.processedInPayRunId !== undefined

/**
 * New lines for the request (Fill weekdays, fit to the dates) with every line payroll has already paid
 * kept exactly as it is: a fill replaces the other days but can never drop or change a paid one, which
 * payroll would refuse. A new line on a paid line's date gives way to it. In date order.
 */
export function keepingProcessedLines(next: readonly DraftItem[], current: readonly DraftItem[]): DraftItem[] {
  const processed = current.filter(isProcessed)
  if (processed.length === 0) return [...next]
  const paidDates = new Set(processed.map((item) => item.date))
  return [...processed, ...next.filter((item) => !paidDates.has(item.date))].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
