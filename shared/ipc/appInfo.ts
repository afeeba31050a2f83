import { z } from 'zod'

/**
 * Which backend this run talks to. The embedded sandbox's credentials are public demo data, shown on the
 * sign-in screen so `npm start` works without an account; a remote backend never carries credentials.
 */
export const backendInfoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('embedded-sandbox'),
    baseUrl: z.string(),
    demoCredentials: z.object({
      clerk: z.object({ username: z.string(), password: z.string() }),
      legacyKey: z.object({ wsAccessKey: z.string(), fileId: z.number().int() })
    })
  }),
  z.object({ kind: z.literal('remote'), baseUrl: z.string() })
])
export type BackendInfo = z.infer<typeof backendInfoSchema>

/** Where this computer keeps Leave Desk's things, for the settings screen's facts. */
export const storageLocationsSchema = z.object({
  settingsFile: z.string(),
  /** The browser storage folder holding the drafts databases (one per payroll). */
  draftsFolder: z.string(),
  logsFolder: z.string()
})
export type StorageLocations = z.infer<typeof storageLocationsSchema>

/** Settings the organisation's machine policy fixes (main/policy): Settings shows them as set by it. */
export const lockedSettingSchema = z.enum(['apiBaseUrl', 'requestsPerSecond', 'dailyQuota', 'practice'])
export type LockedSetting = z.infer<typeof lockedSettingSchema>
export const organisationPolicySchema = z.object({
  locked: z.array(lockedSettingSchema),
  /** Why the machine's policy was not applied (malformed), for Settings to say; null when all is well. */
  problem: z.string().nullable()
})
export type OrganisationPolicy = z.infer<typeof organisationPolicySchema>

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  backend: backendInfoSchema,
  /** True when LEAVE_DESK_API_URL chose the backend: the address setting has no effect this run. */
  addressFromEnvironment: z.boolean().optional(),
  locations: storageLocationsSchema.optional(),
  organisationPolicy: organisationPolicySchema.optional()
})
export type AppInfo = z.infer<typeof appInfoSchema>
