import { z } from 'zod'

/**
 * A file the clerk may open, by the business's name ("Harbour Cafe Pty Ltd (1001)"). `name` and
 * `country` are null where payroll did not say (an API without the file list): show the number then.
 * `country` is as payroll wrote it (a name such as "Australia" or a code); shared/countryCode.ts reads both.
 */
export const fileIdentityInfoSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  country: z.string().nullable()
})
export type FileIdentityInfo = z.infer<typeof fileIdentityInfoSchema>
