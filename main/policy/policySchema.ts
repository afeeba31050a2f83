import { z } from 'zod'
import { apiBaseUrlSchema, settingsSchema } from '../../shared/ipc/settings'

/**
 * What IT may preset and lock on a machine (docs/deploying.md lists each key): the same names on every
 * platform, in the style of VS Code's and Teams' policies. Read-only to the app; beats the clerk's
 * settings, which beat the defaults. Every key is optional; an unknown key is a mistake worth reporting
 * (a misspelt lock would otherwise silently lock nothing).
 */
export const policySchema = z
  .object({
    /** The payroll address; with PayrollAddressLocked the clerk cannot change it (nor choose Practice). */
    PayrollAddress: apiBaseUrlSchema,
    PayrollAddressLocked: z.boolean({ error: 'PayrollAddressLocked must be true or false.' }),
    /** The team server's address, for the version that has one. Checked like the payroll address. */
    TeamServerAddress: apiBaseUrlSchema,
    /** false: no Practice payroll on this machine. */
    PracticeAllowed: z.boolean({ error: 'PracticeAllowed must be true or false.' }),
    /** off: the app never checks for updates (IT deploys new versions itself). */
    Updates: z.enum(['on', 'off'], { error: 'Updates must be "on" or "off".' }),
    /** The organisation's own copy of the update feed; the publisher check stays. */
    UpdateFeedUrl: z.url({ error: 'UpdateFeedUrl must be an address.' }),
    /** Lets LEAVE_DESK_UPDATE_FEED_URL change the feed of an installed copy (test machines). */
    AllowUpdateFeedFromEnvironment: z.boolean({ error: 'AllowUpdateFeedFromEnvironment must be true or false.' }),
    /** Pace and daily quota against payroll: locked to these values. */
    RequestsPerSecond: settingsSchema.shape.requestsPerSecond,
    DailyQuota: settingsSchema.shape.dailyQuota,
    /** How much main.log records. */
    LogLevel: z.enum(['error', 'warn', 'info', 'debug'], { error: 'LogLevel must be error, warn, info or debug.' })
  })
  .partial()
  .strict()

export type MachinePolicy = z.infer<typeof policySchema>
export const POLICY_KEYS = Object.keys(policySchema.shape) as (keyof MachinePolicy)[]
