import { z } from 'zod'

/**
 * What "Test connection" found at a payroll address, before the clerk switches to it: could it be
 * reached, was its certificate trusted, and does its sign-in endpoint answer the way the payroll API's
 * does. `message` says it in the clerk's words.
 */
export const connectionTestSchema = z.object({
  reachable: z.boolean(),
  certificateTrusted: z.boolean(),
  looksLikePayroll: z.boolean(),
  message: z.string()
})
export type ConnectionTest = z.infer<typeof connectionTestSchema>
