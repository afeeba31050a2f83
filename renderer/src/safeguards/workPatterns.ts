import { standardWeek, weekHoursProblem, type WeekHours } from '../../../shared/workPattern'
import { err, ok, type Result } from '../../../shared/result'
import type { LeaveDeskDb } from '../db/leaveDeskDb'

/** The employee's own pattern, or the standard week at the settings' hours when none was kept. */
export async function workPatternOf(db: LeaveDeskDb, fileId: number, employeeId: number, hoursPerDay: number): Promise<{ hours: WeekHours; own: boolean }> {
  const kept = await db.workPatterns.get([fileId, employeeId])
  return kept ? { hours: kept.hours, own: true } : { hours: standardWeek(hoursPerDay), own: false }
}

export async function saveWorkPattern(
  db: LeaveDeskDb,
  fileId: number,
  employeeId: number,
  hours: readonly number[],
  now: number
): Promise<Result<WeekHours, { code: 'invalid-pattern'; message: string }>> {
  const problem = weekHoursProblem(hours)
  if (problem) return err({ code: 'invalid-pattern', message: problem })
  const week = [...hours] as unknown as WeekHours
  await db.workPatterns.put({ fileId, employeeId, hours: week, updatedAt: now })
  return ok(week)
}

/** Back to the standard week. */
export async function forgetWorkPattern(db: LeaveDeskDb, fileId: number, employeeId: number): Promise<void> {
  await db.workPatterns.delete([fileId, employeeId])
}
