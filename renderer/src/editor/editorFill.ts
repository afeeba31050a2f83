import { leaveDays, type LeaveDaysRequest } from '../../../shared/leaveDays'
import type { DraftItem } from '../drafts/draftContent'
import { keepingProcessedLines } from '../inPayroll/processedLines'

/**
 * What the editor's Fill puts on the request: the shared calculation's lines, with any line payroll has
 * already paid kept as it is (a request in payroll).
 */
export function editorFill(items: readonly DraftItem[], request: LeaveDaysRequest): DraftItem[] {
  return keepingProcessedLines(leaveDays(request).lines, items)
}
