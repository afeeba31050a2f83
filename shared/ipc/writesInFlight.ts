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

/** A random id of one run of main (writesInFlight.ts): each claim records it; a later run never renounces it. */
export const mainBootIdSchema = z
  .string({ error: 'Boot id must be text.' })
  .min(1, { error: 'Boot id is required.' })
  .max(100, { error: 'Boot id is too long.' })

export const mainBootSchema = z.object({
  bootId: z.string(),
  /**
   * How many of the queue's named writes main puts on the wire at once; it holds the rest of what it is
   * handed, in order, and withdraws a held one when renounced. Absent: main holds none (send only what may go).
   */
  wireWrites: z.number().int().positive().optional()
})
export type MainBoot = z.infer<typeof mainBootSchema>

/**
 * `details.cause` of main's refusal of a write it never sent and now never will (renounced, or withdrawn
 * while it waited for its place on the wire): the queue gives such a draft back as if never claimed.
 */
export const RENOUNCED_CAUSE = 'renounced'

/** Most keys one renouncement names: a reload leaves at most a batch's lanes' claims behind. */
export const MAX_RENOUNCED_KEYS = 1_000

export const renounceKeysSchema = z
  .array(requestKeySchema, { error: 'Request keys must be a list.' })
  .max(MAX_RENOUNCED_KEYS, { error: `At most ${MAX_RENOUNCED_KEYS} request keys at once.` })

/** The keys main never received: it will never send them. Any other key may have left. */
export const renouncedWritesSchema = z.object({ renounced: z.array(z.string()) })
export type RenouncedWrites = z.infer<typeof renouncedWritesSchema>
