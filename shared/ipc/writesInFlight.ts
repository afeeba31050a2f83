import { z } from 'zod'
import { resultSchema } from '../apiError'
import { insertUpdateResultSchema } from '../apiSchemas'

/**
 * The name a write travels under between the queue and main, e.g. `${draftId}:${attemptNumber}`: it lets
 * a reloaded page ask whether that attempt is still on the wire, and collect its answer later.
 */
export const requestKeySchema = z
  .string({ error: 'Request key must be text.' })
  .min(1, { error: 'Request key is required.' })
  .max(200, { error: 'Request key is too long.' })

export const writeInFlightSchema = z.object({
  requestKey: z.string(),
  /** Epoch milliseconds when main was asked to send it. */
  startedAt: z.number()
})
export type WriteInFlightInfo = z.infer<typeof writeInFlightSchema>

/** An answer that came after the page that asked for it went away: what the insert/update call returns. */
export const settledWriteSchema = z.object({
  requestKey: z.string(),
  outcome: resultSchema(insertUpdateResultSchema)
})
export type SettledWriteInfo = z.infer<typeof settledWriteSchema>
