import { z } from 'zod'

/** The settings screen's "Test connection": what main found at an address, with one plain sentence. */
export const connectionReportSchema = z.object({
  reachable: z.boolean(),
  certificateTrusted: z.boolean(),
  looksLikePayroll: z.boolean(),
  message: z.string()
})
export type ConnectionReport = z.infer<typeof connectionReportSchema>
