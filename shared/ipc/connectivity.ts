import { z } from 'zod'

/**
 * Whether the payroll API can be reached, as main's connectivity monitor learns it from real requests
 * and probes. `reachable` is what the sync runner waits for.
 */
export const connectivityStatusSchema = z.object({
  state: z.enum(['unknown', 'reachable', 'unreachable']),
  /** When the state last changed, epoch milliseconds. */
  since: z.number()
})
export type ConnectivityStatus = z.infer<typeof connectivityStatusSchema>
