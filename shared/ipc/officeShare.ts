import { z } from 'zod'
import { settingsSchema } from './settings'

/**
 * One install that takes turns sending to the file (sorted by install id in the share): from when, and
 * until when. `from` is its announcement plus time for every colleague to hear of it, so all installs
 * change their turns at the same instant; null for this install while it has not announced itself (main
 * then holds its requests and says it wants to send). `until`: a heartbeat gone stale; null while the
 * team server is out of reach (the safe share: as if still sending).
 */
export const officeTurnTakerSchema = z
  .object({
    me: z.boolean(),
    from: z.number().int().nonnegative().max(8_640_000_000_000_000).nullable(),
    until: z.number().int().nonnegative().max(8_640_000_000_000_000).nullable(),
    /**
     * A colleague with nothing left to send, its last request answered at this moment: it lends its
     * turns (main/api/officeSlots.ts) until it leaves them (`until`) or comes back.
     */
    lendsSince: z.number().int().nonnegative().max(8_640_000_000_000_000).optional()
  })
  .strict()
export type OfficeTurnTaker = z.infer<typeof officeTurnTakerSchema>

/**
 * The office's rate budget as the renderer learnt it from the team replica, told to main, which paces
 * this install by it (main/api/officeBudget.ts). `turnTakers`: the installs that take turns, each from
 * and until a moment, this install among them once (main/api/officeSlots.ts); of them only one at that
 * moment: this install alone, paced as without a team. `othersSpentToday`: what the other installs spent
 * of the file's daily quota today, counted before this install's own. `dailyQuota`: the office's daily
 * quota for the file (Settings → Team, `settings:daily-quota`, validated when read from the replica),
 * which main's daily counter uses for this file instead of the computer's own setting; absent, not set.
 */
/** The most `othersSpentToday` main takes: past any plan's daily quota (the page tells no more than this). */
export const OTHERS_SPENT_MAX = 10_000_000

export const officeShareSchema = z
  .object({
    fileId: z.number().int().positive().max(2_147_483_647),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be a date, YYYY-MM-DD.' }),
    turnTakers: z.array(officeTurnTakerSchema).min(1).max(100),
    othersSpentToday: z.number().int().nonnegative().max(OTHERS_SPENT_MAX),
    dailyQuota: settingsSchema.shape.dailyQuota.optional()
  })
  .strict()
  .refine((share) => share.turnTakers.filter((taker) => taker.me).length === 1, { error: 'turnTakers must hold this install once.', path: ['turnTakers'] })
export type OfficeShare = z.infer<typeof officeShareSchema>

/**
 * Main's answer: what this install spent of the file's daily quota today, for its spend document,
 * whether it has a request waiting for a turn (the page then announces it as sending), and since when it
 * has been quiet.
 */
export const officeSpendSchema = z.object({
  day: z.string(),
  spentToday: z.number().int().nonnegative(),
  wantsToSend: z.boolean(),
  /**
   * Since when nothing of this install waits for a turn or is on its way (its last request answered then):
   * the moment it may say it has nothing left to send. Null while a request waits or is unanswered.
   */
  quietSince: z.number().nullable().optional()
})
export type OfficeSpend = z.infer<typeof officeSpendSchema>
