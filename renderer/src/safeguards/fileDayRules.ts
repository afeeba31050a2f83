import type { WeekHours } from '../../../shared/workPattern'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DayRules } from './dayRules'
import { holidayRegionOf } from './holidayRegionStore'

/** The file's region and every kept work pattern, read together. */
export async function loadDayRuleData(db: LeaveDeskDb, fileId: number): Promise<{ regionCode: string | undefined; patterns: Map<number, WeekHours> }> {
  const [regionCode, kept] = await Promise.all([
    holidayRegionOf(db, fileId),
    db.workPatterns.where('[fileId+employeeId]').between([fileId, -Infinity], [fileId, Infinity]).toArray()
  ])
  return { regionCode, patterns: new Map(kept.map((row) => [row.employeeId, row.hours])) }
}

/**
 * The file's DayRules read once, for work done outside the editor (a bulk Approve, Keep mine from the
 * keyboard): the same region, patterns and leave types the screens' live DayRules hold.
 */
export async function fileDayRules(db: LeaveDeskDb, fileId: number, hoursPerDay: number): Promise<DayRules> {
  const [data, types] = await Promise.all([
    loadDayRuleData(db, fileId),
    db.leaveTypes.where('[fileId+id]').between([fileId, -Infinity], [fileId, Infinity]).toArray()
  ])
  const names = new Map(types.map((type) => [type.id, type.name]))
  return { ...data, hoursPerDay, leaveTypeName: (id: number) => names.get(id) }
}
