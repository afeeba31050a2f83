import { z } from 'zod'
import { isHolidayRegionCode } from '../holidays/holidayRegions'
import { settingsSchema } from '../ipc/settings'

/**
 * `settings:*`: what the office shares for one payroll file, so every clerk's Fill gives the same hours.
 * One document per employee's work pattern (two clerks changing two employees never conflict), one for
 * the public-holiday region, one for the file's daily quota, one for whether notes are shared. Each says
 * who changed it last and when.
 */
const changed = {
  _rev: z.string().max(200).optional(),
  _conflicts: z.array(z.string().max(200)).max(100).optional(),
  type: z.literal('settings'),
  changedBy: z.object({ installId: z.string().min(1).max(64), clerkName: z.string().min(1).max(300) }),
  changedAt: z.number().int().nonnegative()
}
const hours = z.number().min(0).max(24)
const employeeId = z.number().int().positive().max(2_147_483_647)

export const WORK_PATTERN_PREFIX = 'settings:work-pattern:'
export const HOLIDAY_REGION_ID = 'settings:holiday-region'
export const DAILY_QUOTA_ID = 'settings:daily-quota'
export const SHARE_NOTES_ID = 'settings:share-notes'

export const teamWorkPatternDocSchema = z.object({
  _id: z.string().regex(/^settings:work-pattern:\d{1,10}$/),
  employeeId,
  /** The week's hours, Sunday first; null: back to the standard week. */
  hours: z.tuple([hours, hours, hours, hours, hours, hours, hours]).nullable(),
  ...changed
})
export type TeamWorkPatternDoc = z.infer<typeof teamWorkPatternDocSchema>

export const teamHolidayRegionDocSchema = z.object({
  _id: z.literal(HOLIDAY_REGION_ID),
  region: z.string().max(20).refine(isHolidayRegionCode, 'a holiday region such as AU-NSW'),
  ...changed
})
export type TeamHolidayRegionDoc = z.infer<typeof teamHolidayRegionDocSchema>

export const teamDailyQuotaDocSchema = z.object({
  _id: z.literal(DAILY_QUOTA_ID),
  /** The plan's quota for the file, as Settings → Sending takes it (Leave Desk stops at 95 % of it). */
  dailyQuota: settingsSchema.shape.dailyQuota,
  ...changed
})
export type TeamDailyQuotaDoc = z.infer<typeof teamDailyQuotaDocSchema>

/** Whether the office shares request notes (off unless someone turns it on: they can hold medical details). */
export const teamShareNotesDocSchema = z.object({
  _id: z.literal(SHARE_NOTES_ID),
  shareNotes: z.boolean(),
  ...changed
})
export type TeamShareNotesDoc = z.infer<typeof teamShareNotesDocSchema>

export function workPatternDocId(employee: number): string {
  return `${WORK_PATTERN_PREFIX}${employee}`
}
