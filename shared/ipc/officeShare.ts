import { z } from 'zod'

/**
 * The office's rate budget as the renderer learnt it from the team replica, told to main, which paces
 * this install by it (main/api/officeBudget.ts). `slot` of `of`: the installs sending now take turns, one
 * request each, in this order (of 1: this install alone, paced as without a team). `othersSpentToday`:
 * what the other installs spent of the file's daily quota today, counted before this install's own.
 */
export const officeShareSchema = z
  .object({
    fileId: z.number().int().positive().max(2_147_483_647),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be a date, YYYY-MM-DD.' }),
    slot: z.number().int().nonnegative().max(99),
    of: z.number().int().positive().max(100),
    othersSpentToday: z.number().int().nonnegative().max(10_000_000)
  })
  .strict()
  .refine((share) => share.slot < share.of, { error: 'slot must be less than of.', path: ['slot'] })
export type OfficeShare = z.infer<typeof officeShareSchema>

/** Main's answer: what this install spent of the file's daily quota today, for its spend document. */
export const officeSpendSchema = z.object({ day: z.string(), spentToday: z.number().int().nonnegative() })
export type OfficeSpend = z.infer<typeof officeSpendSchema>
