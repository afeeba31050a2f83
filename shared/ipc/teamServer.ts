import { z } from 'zod'
import { credentialedAddressSchema } from './settings'

/**
 * The team server (issue 29): a CouchDB (or Cloudant) server the office shares, one database per payroll
 * file. Main keeps the address, user name and password (encrypted like the payroll session); the page
 * sees everything but the password, and reaches the server only through `teamFetch`, which main forwards
 * to that file's database and nowhere else.
 */

/** CouchDB's rule for a database name: a lower-case letter first, then a-z 0-9 _ $ ( ) + - / (at most 238). */
export const TEAM_DATABASE_NAME = /^[a-z][a-z0-9_$()+/-]{0,237}$/

export const teamServerAddressSchema = credentialedAddressSchema('Team server address')

export const teamDatabaseNameSchema = z
  .string({ error: 'Database must be text.' })
  .trim()
  .regex(TEAM_DATABASE_NAME, { error: 'Database: lower-case letters, digits and _ $ ( ) + - /, starting with a letter.' })

const userNameSchema = z.string({ error: 'User name must be text.' }).trim().min(1, { error: 'User name is required.' }).max(256, { error: 'User name is too long.' })
const passwordSchema = z.string({ error: 'Password must be text.' }).min(1, { error: 'Password is required.' }).max(1024, { error: 'Password is too long.' })
const fileKeySchema = z.number({ error: 'File must be a number.' }).int().positive().max(2_147_483_647)

/** What Settings → Team saves. No password: keep the one saved (refused when none is). */
export const teamServerInputSchema = z.strictObject({
  address: teamServerAddressSchema,
  userName: userNameSchema,
  password: passwordSchema.optional(),
  /** The payroll file this database is for, and its name on the server. */
  fileId: fileKeySchema,
  database: teamDatabaseNameSchema
})
export type TeamServerInput = z.input<typeof teamServerInputSchema>

/** The team server as the page may see it: never the password. */
export const teamServerViewSchema = z.object({
  configured: z.boolean(),
  address: z.string().nullable(),
  userName: z.string().nullable(),
  passwordSaved: z.boolean(),
  /** The database of each payroll file that has one other than the default name. */
  databases: z.record(z.string(), z.string()),
  /** False when this computer cannot encrypt the password: it is kept for this run only. */
  passwordKeptOnDisk: z.boolean(),
  /** Who this install is, as colleagues see it. */
  me: z.object({ installId: z.string(), clerkName: z.string() })
})
export type TeamServerView = z.infer<typeof teamServerViewSchema>

/** Settings → Team's "Test connection", one answer per question the clerk has. */
export const teamConnectionReportSchema = z.object({
  reachable: z.boolean(),
  trusted: z.boolean(),
  signedIn: z.boolean(),
  canWrite: z.boolean(),
  message: z.string()
})
export type TeamConnectionReport = z.infer<typeof teamConnectionReportSchema>

/** A replication request is bigger than any other argument: a batch of 100 requests, or a rebuilt server's. */
export const MAX_TEAM_BODY_CHARS = 16 * 1024 * 1024

/**
 * One HTTP request of the replicator, relative to the file's database: '' or '/…' (a document, `_changes`,
 * `_bulk_docs`, `_local/…`), with an optional query. Never a full address: main chooses the server.
 */
export const teamPathSchema = z
  .string({ error: 'Path must be text.' })
  .max(8192, { error: 'Path is too long.' })
  .refine((path) => /^(\/[^/?#\s]+)*\/?(\?[^#\s]*)?$/.test(path), { error: 'Path must stay inside the database.' })
  .refine((path) => !path.split('?')[0]?.split('/').some((segment) => isDotSegment(segment)), { error: 'Path must stay inside the database.' })

function isDotSegment(segment: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(segment)
  } catch {
    return true
  }
  return decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')
}

export const teamFetchRequestSchema = z.strictObject({
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'DELETE'], { error: 'Method must be GET, HEAD, POST, PUT or DELETE.' }),
  path: teamPathSchema,
  contentType: z.string().max(200).optional(),
  body: z.string().max(MAX_TEAM_BODY_CHARS, { error: 'The request is too large.' }).optional()
})
export type TeamFetchRequest = z.input<typeof teamFetchRequestSchema>

export const teamFetchAnswerSchema = z.object({
  status: z.number().int(),
  contentType: z.string(),
  body: z.string()
})
export type TeamFetchAnswer = z.infer<typeof teamFetchAnswerSchema>

/** The database a payroll file uses when the office has not named one: Practice's never mix with a real file's. */
export function defaultTeamDatabaseName(fileId: number, practice: boolean): string {
  return `leave-desk-${practice ? 'practice-' : ''}file-${fileId}`
}
