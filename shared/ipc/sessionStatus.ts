import { z } from 'zod'

/**
 * What the renderer may know about the session: never a token or key, only whether and how the clerk
 * is signed in, which files they may open, and how (whether) the session survives a restart.
 */
export const sessionStatusSchema = z.object({
  state: z.enum(['signed-out', 'signed-in']),
  method: z.enum(['oauth', 'legacy']).optional(),
  username: z.string().optional(),
  fileIds: z.array(z.number().int().positive()),
  /** Epoch milliseconds. */
  accessExpiresAt: z.number().optional(),
  /** Epoch milliseconds. */
  refreshExpiresAt: z.number().optional(),
  /** The 12-month refresh token ends soon: the clerk should sign in again before it does. */
  refreshExpiresSoon: z.boolean(),
  /**
   * `encrypted`: kept across restarts with the OS keyring. `this-run-only`: forgotten on quit.
   * `needs-opt-in`: Linux without a keyring; persisting needs the clerk's explicit consent.
   */
  persistence: z.enum(['encrypted', 'this-run-only', 'needs-opt-in']),
  endedBecause: z.enum(['refresh-refused', 'signed-out']).optional()
})
export type SessionStatus = z.infer<typeof sessionStatusSchema>
/** Where the session's secrets live between runs (the token store reports it). */
export type Persistence = SessionStatus['persistence']
/** Why the last session ended. */
export type SessionEndReason = NonNullable<SessionStatus['endedBecause']>
