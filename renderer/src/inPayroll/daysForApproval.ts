import { publicHolidayMap } from '../../../shared/holidays'
import { acceptedRange, fillFromPattern } from '../../../shared/workPattern'
import type { DraftRecord } from '../db'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftItem } from '../drafts/draftContent'
import { holidayRegionOf } from '../safeguards/holidayRegionStore'
import { workPatternOf } from '../safeguards/workPatterns'
import { keepingProcessedLines } from './processedLines'

/**
 * The days an approval needs when a request in payroll has none (bulk Approve): exactly what the
 * editor's Fill weekdays gives — the employee's work pattern (or the standard day), the file's public
 * holidays left out, lines payroll has paid kept. The one call to point at the shared day calculation.
 */
export async function daysForApproval(db: LeaveDeskDb, draft: DraftRecord, hoursPerDay: number): Promise<DraftItem[]> {
  if (draft.employeeId === undefined) return []
  const range = acceptedRange(draft.startDate, draft.endDate)
  if (!range) return []
  const [region, pattern] = await Promise.all([holidayRegionOf(db, draft.fileId), workPatternOf(db, draft.fileId, draft.employeeId, hoursPerDay)])
  const holidays = region ? publicHolidayMap(region, range.start, range.end) : new Map<string, string>()
  return keepingProcessedLines(fillFromPattern(draft.startDate, draft.endDate, pattern.hours, holidays), draft.items)
}
