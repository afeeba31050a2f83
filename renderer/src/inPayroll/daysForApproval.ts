import type { DraftRecord } from '../db'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftItem } from '../drafts/draftContent'
import { daysOfRequest } from '../safeguards/dayRules'
import { fileDayRules } from '../safeguards/fileDayRules'
import { keepingProcessedLines } from './processedLines'

/**
 * The days an approval needs when a request in payroll has none (bulk Approve): the one shared day
 * calculation (shared/leaveDays, through the file's DayRules) the editor's Fill, One leave for many, import
 * and paste call — the employee's work pattern, the file's public holidays left out, unpaid types unpaid —
 * with lines payroll has already paid kept.
 */
export async function daysForApproval(db: LeaveDeskDb, draft: DraftRecord, hoursPerDay: number): Promise<DraftItem[]> {
  if (draft.employeeId === undefined) return []
  const rules = await fileDayRules(db, draft.fileId, hoursPerDay)
  return keepingProcessedLines(daysOfRequest(rules, draft).lines, draft.items)
}
