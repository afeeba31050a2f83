import { z } from 'zod'

/**
 * A payroll file as the clerk knows it: its number, the business's name and its country (for the
 * public-holiday region). Name and country are null where main cannot learn them (yet).
 */
export const fileIdentitySchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  country: z.string().nullable()
})
export type FileIdentity = z.infer<typeof fileIdentitySchema>
