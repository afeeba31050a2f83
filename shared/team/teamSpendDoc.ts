import { z } from 'zod'

/**
 * What one install spent of the payroll file's rate budget on one UTC day (issue 29), id
 * `spend:<installId>:<yyyy-mm-dd>`, written by that install only (so it never conflicts with a colleague's)
 * to its replica, and replicated. `count` is main's own daily count for the file (dailyQuotaCounter);
 * `sendingAt` is the heartbeat while the install is sending: installs with a fresh heartbeat split the
 * file's pace between them (renderer/src/team/officeBudget.ts).
 */
export const SPEND_ID_PREFIX = 'spend:'

/**
 * A moment in a spend document: epoch ms no later than the year 9999. A colleague's turns are these plus
 * a minute at most (officeBudget.ts), which must stay within what main takes in the office's share
 * (shared/ipc/officeShare.ts): a document past that is set aside, not a share main refuses.
 */
const spendMoment = z.number().int().nonnegative().max(253_402_300_799_999)

export const teamSpendDocSchema = z
  .object({
    _id: z.string().startsWith(SPEND_ID_PREFIX).max(160),
    _rev: z.string().max(200).optional(),
    type: z.literal('spend'),
    installId: z.string().min(1).max(100),
    clerkName: z.string().min(1).max(120),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** Requests this install sent to the file that day. */
    count: z.number().int().nonnegative().max(10_000_000),
    /** Epoch ms of the last heartbeat while sending; absent when it has not sent that day. */
    sendingAt: spendMoment.optional(),
    /** Epoch ms this install began its current stretch of sending: colleagues take it into their turns a settling time later. */
    sendingSince: spendMoment.optional(),
    /** Epoch ms that stretch ended (nothing left to send): colleagues drop it from their turns a settling time later. */
    stoppedAt: spendMoment.optional()
  })
  .strip()
export type TeamSpendDoc = z.infer<typeof teamSpendDocSchema>

export function spendDocId(installId: string, day: string): string {
  return `${SPEND_ID_PREFIX}${installId}:${day}`
}
