import { z } from 'zod'
import { normalisedPayrollAddress } from '../payrollAddress'

/**
 * The clerk's settings, stored by main as JSON and edited through IPC. `apiBaseUrl: null` means "no
 * account configured": main runs the embedded sandbox.
 */

export const MAX_URL_LENGTH = 2048

/**
 * Tokens travel to this address, so it must be https; plain http is allowed only to this machine
 * (a local test server). Credentials or a fragment in the URL are refused: they would leak into logs.
 */
export function apiBaseUrlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'API address must be a full address such as https://api.example.com.'
  }
  if (url.username || url.password) return 'API address may not contain a user name or password.'
  if (url.hash || url.search) return 'API address may not contain a query or fragment.'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return null
  return 'API address must start with https:// (http:// is allowed only for this computer).'
}

function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]'
}

/**
 * An address Leave Desk sends credentials to, named `label` in its messages: https, or plain http to this
 * computer only (apiBaseUrlProblem), in one spelling (shared/payrollAddress.ts). Payroll's and the team
 * server's addresses both.
 */
export function credentialedAddressSchema(label: string) {
  return (
    z
      .string({ error: `${label} must be text.` })
      .max(MAX_URL_LENGTH, { error: `${label} is too long.` })
      // Spaces around a pasted address are not part of it: they never reach the parser or a key.
      .trim()
      .superRefine((value, ctx) => {
        const problem = apiBaseUrlProblem(value)
        if (problem) ctx.addIssue({ code: 'custom', message: problem.replace('API address', label) })
      })
      // One spelling (shared/payrollAddress.ts), so "has the backend changed?" is a string comparison and each
      // payroll has one drafts database and one session file however its address was written.
      .transform((value) => normalisedPayrollAddress(value) ?? value)
  )
}

export const apiBaseUrlSchema = credentialedAddressSchema('API address')

/** A number setting whose errors name it as the clerk sees it. */
const numberCalled = (label: string) => z.number({ error: `${label} must be a number.` })
const wholeNumberCalled = (label: string) => numberCalled(label).int({ error: `${label} must be a whole number.` })

export const settingsSchema = z.object({
  apiBaseUrl: apiBaseUrlSchema.nullable(),
  bodyFormat: z.enum(['json', 'xml'], { error: 'Body format must be json or xml.' }),
  /** Against a remote API only; the live API allows 1 request per second. */
  requestsPerSecond: numberCalled('Requests per second')
    .positive({ error: 'Requests per second must be more than 0.' })
    .max(50, { error: 'Requests per second can be at most 50.' }),
  /** Requests per file per day; the live plans allow 3,000 to 20,000. */
  dailyQuota: wholeNumberCalled('Daily quota')
    .positive({ error: 'Daily quota must be more than 0.' })
    .max(1_000_000, { error: 'Daily quota is too large.' }),
  defaultHoursPerDay: numberCalled('Hours per day')
    .positive({ error: 'Hours per day must be more than 0.' })
    .max(24, { error: 'Hours per day cannot be more than 24.' }),
  /** The file the clerk last worked in, offered first next time. */
  rememberedFileId: wholeNumberCalled('File')
    .positive({ error: 'File must be a positive number.' })
    .max(2_147_483_647, { error: 'File is too large.' })
    .nullable(),
  /**
   * Linux without a keyring: the clerk agreed to keep the session on disk with only obfuscation. Set
   * through its own channel (with its warning), never through a settings update.
   */
  allowUnencryptedTokenStorage: z.boolean(),
  /**
   * False until the clerk has picked, on the welcome step, between their payroll (`apiBaseUrl`) and
   * Practice (`apiBaseUrl: null`, the embedded sandbox). Until then the app shows the welcome step.
   */
  payrollChosen: z.boolean({ error: 'Payroll chosen must be true or false.' }),
  /**
   * The payroll the drafts database of releases before drafts were kept per payroll belongs to: the
   * remote address the settings named then, or null for Practice. Fixed once, when an older settings
   * file is first read; never changed through an update, so that database never changes hands.
   */
  firstDatabaseAddress: apiBaseUrlSchema.nullable()
})
export type Settings = z.output<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: null,
  bodyFormat: 'json',
  requestsPerSecond: 1,
  // The smallest plan's quota: stopping early is cheaper than a file blocked for 24 hours.
  dailyQuota: 3000,
  // A 38-hour week over 5 days.
  defaultHoursPerDay: 7.6,
  rememberedFileId: null,
  allowUnencryptedTokenStorage: false,
  payrollChosen: false,
  firstDatabaseAddress: null
}

/**
 * An update names only what changes; an unknown key is refused rather than silently dropped, and so is
 * the storage opt-in, which has its own channel, and the owner of the first database, which never changes.
 */
export const settingsPatchSchema = z.strictObject(
  settingsSchema.omit({ allowUnencryptedTokenStorage: true, firstDatabaseAddress: true }).partial().shape
)
export type SettingsPatch = z.input<typeof settingsPatchSchema>
