import { addDays, calendarDateOf, type CalendarDate } from '../../../shared/calendarDate'
import { MAX_LEAVE_SPAN_DAYS } from '../../../shared/leaveRules'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'

/**
 * Reads for the overlap checks and the calendar, each one bounded key range of a v3 index: a request
 * lasts at most MAX_LEAVE_SPAN_DAYS, so anything that can touch [start, end] starts between
 * start − MAX_LEAVE_SPAN_DAYS and end. The cost follows the requests near those dates, not the table.
 */

function earliestStartTouching(start: CalendarDate): CalendarDate {
  return addDays(start, -MAX_LEAVE_SPAN_DAYS)
}

const touches = (start: CalendarDate, end: CalendarDate) => (draft: DraftRecord) =>
  draft.deletedAt === undefined && draft.startDate !== '' && draft.startDate <= end && draft.endDate !== '' && draft.endDate >= start

/** One employee's live requests whose dates may share a day with [start, end]. */
export async function employeeLeaveNear(
  db: LeaveDeskDb,
  fileId: number,
  employeeId: number,
  start: string,
  end: string
): Promise<DraftRecord[]> {
  const from = calendarDateOf(start)
  const to = calendarDateOf(end)
  if (!from || !to || to < from) return []
  const rows = await db.drafts
    .where('[fileId+employeeId+startDate]')
    .between([fileId, employeeId, earliestStartTouching(from)], [fileId, employeeId, to], true, true)
    .toArray()
  return rows.filter(touches(from, to))
}

/**
 * Everyone's live requests in a file that share a day with [start, end] (the calendar's month), in
 * first-day order. Those starting inside are read whole. Of those starting in the look-back before it
 * (most of them over long before `start`), only the ones v4's [fileId+endDate] does not show ending in
 * that same look-back are read: two key-only reads and a handful of records instead of every request of
 * the 63 days before the month.
 */
export async function fileLeaveBetween(db: LeaveDeskDb, fileId: number, start: CalendarDate, end: CalendarDate): Promise<DraftRecord[]> {
  const lookBack = earliestStartTouching(start)
  return db.transaction('r', db.drafts, async () => {
    const [startingInside, startingBefore, endingBefore] = await Promise.all([
      db.drafts.where('[fileId+startDate]').between([fileId, start], [fileId, end], true, true).toArray(),
      db.drafts.where('[fileId+startDate]').between([fileId, lookBack], [fileId, start], true, false).primaryKeys(),
      db.drafts.where('[fileId+endDate]').between([fileId, lookBack], [fileId, start], true, false).primaryKeys()
    ])
    const over = new Set(endingBefore)
    // Still going on `start` (or dates a draft has wrong, which `touches` then leaves out).
    const stillAway = await db.drafts.bulkGet(startingBefore.filter((id) => !over.has(id)))
    return [...stillAway.flatMap((draft) => draft ?? []), ...startingInside].filter(touches(start, end))
  })
}
