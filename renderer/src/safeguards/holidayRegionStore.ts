import { isHolidayRegionCode } from '../../../shared/holidays'
import { err, ok, type Result } from '../../../shared/result'
import type { LeaveDeskDb } from '../db/leaveDeskDb'

/** The file's chosen region, or undefined when the clerk has not been asked yet. */
export async function holidayRegionOf(db: LeaveDeskDb, fileId: number): Promise<string | undefined> {
  const row = await db.holidayRegions.get(fileId)
  return row && isHolidayRegionCode(row.region) ? row.region : undefined
}

export async function chooseHolidayRegion(
  db: LeaveDeskDb,
  fileId: number,
  region: string,
  now: number
): Promise<Result<string, { code: 'unknown-region'; message: string }>> {
  if (!isHolidayRegionCode(region)) return err({ code: 'unknown-region', message: `Leave Desk does not know the region ${region}.` })
  await db.holidayRegions.put({ fileId, region, chosenAt: now })
  return ok(region)
}
