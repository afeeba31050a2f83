import { z } from 'zod'
import { isHolidayRegionCode } from '../holidays/holidayRegions'

/**
 * `settings:<name>`: what the office shares for one payroll file, so every clerk's Fill gives the same
 * hours: the work pattern of each employee, the public-holiday region, the file's daily quota. Who last
 * changed it and when, for the clerk who wonders why a pattern moved.
 */
const changed = { changedBy: z.object({ installId: z.string().max(64), clerkName: z.string().max(300) }), changedAt: z.number().int().nonnegative() }
const hours = z.number().min(0).max(24)

export const teamWorkPatternsDocSchema = z.object({
  _id: z.literal('settings:work-patterns'),
  _rev: z.string().max(200).optional(),
  _conflicts: z.array(z.string()).max(100).optional(),
  type: z.literal('settings'),
  /** By employee id (as text): the week's hours, Sunday first. */
  patterns: z.record(z.string().regex(/^\d{1,10}$/), z.tuple([hours, hours, hours, hours, hours, hours, hours])),
  ...changed
})
export type TeamWorkPatternsDoc = z.infer<typeof teamWorkPatternsDocSchema>

export const teamHolidayRegionDocSchema = z.object({
  _id: z.literal('settings:holiday-region'),
  _rev: z.string().max(200).optional(),
  _conflicts: z.array(z.string()).max(100).optional(),
  type: z.literal('settings'),
  region: z.string().max(20).refine(isHolidayRegionCode, 'a holiday region such as AU-NSW'),
  ...changed
})

export const teamDailyQuotaDocSchema = z.object({
  _id: z.literal('settings:daily-quota'),
  _rev: z.string().max(200).optional(),
  _conflicts: z.array(z.string()).max(100).optional(),
  type: z.literal('settings'),
  dailyQuota: z.number().int().positive().max(1_000_000),
  ...changed
})

/** Whether the office shares request notes (off unless someone turns it on). */
export const teamNotesSharedDocSchema = z.object({
  _id: z.literal('settings:share-notes'),
  _rev: z.string().max(200).optional(),
  _conflicts: z.array(z.string()).max(100).optional(),
  type: z.literal('settings'),
  shareNotes: z.boolean(),
  ...changed
})
