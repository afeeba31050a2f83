import { z } from 'zod'

/**
 * What the clerk may learn about an application update: nothing to do, one downloading, or one ready to
 * install by restarting. `waitingForSends` is set while a restart the clerk asked for waits for requests
 * still being sent to payroll (the app never restarts in the middle of one); `restartHeldBack` says why
 * the last restart did not happen: the wait ran out with requests still out (asking again waits again),
 * or the restart itself failed. Either way the update installs when the clerk quits.
 */
export const updateStatusSchema = z.object({
  state: z.enum(['none', 'downloading', 'ready']),
  version: z.string().max(100).optional(),
  waitingForSends: z.number().int().nonnegative().optional(),
  restartHeldBack: z.enum(['still-sending', 'restart-failed']).optional()
})
export type UpdateStatus = z.infer<typeof updateStatusSchema>

export const restartToUpdateAnswerSchema = z.object({
  /** True: the app is closing now to install the update. */
  restarting: z.boolean(),
  /** Requests being sent that the restart waits for (0 when it restarts at once). */
  waitingForSends: z.number().int().nonnegative()
})
export type RestartToUpdateAnswer = z.infer<typeof restartToUpdateAnswerSchema>
