import { z } from 'zod'
import { resultSchema } from '../apiError'
import { insertUpdateResultSchema } from '../apiSchemas'
import { payrollAddressKey } from '../payrollAddress'

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

/**
 * The payroll a write was written for: 'practice' for the embedded sandbox, else the remote address as
 * it is normalised (shared/payrollAddress.ts). Main refuses a write for another payroll than the one it talks to (OTHER_PAYROLL_CAUSE).
 */
export const payrollKeySchema = z
  .string({ error: 'Payroll must be text.' })
  .min(1, { error: 'Payroll is required.' })
  .max(2_100, { error: 'Payroll is too long.' })

export const PRACTICE_PAYROLL = 'practice'

/** The payroll key of a backend: the one rule the page's database and main's check both use. */
export function payrollKeyOf(backend: { kind: 'embedded-sandbox' | 'remote'; baseUrl: string }): string {
  return backend.kind === 'embedded-sandbox' ? PRACTICE_PAYROLL : payrollAddressKey(backend.baseUrl)
}

/** `details.cause` of main's refusal of a write written for another payroll: never sent. */
export const OTHER_PAYROLL_CAUSE = 'other-payroll'
