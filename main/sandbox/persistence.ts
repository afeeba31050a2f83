import { existsSync, readFileSync, renameSync } from 'node:fs'
import { z } from 'zod'
import { contactSchema, payItemSchema } from '../../shared/apiSchemas'
import { leaveRequestRecordSchema } from '../../shared/leaveRequestSchema'
import type { LeaveSnapshot } from './leaveStore'
import type { TokenSnapshot } from './sandboxGrants'

/**
 * The sandbox's data file: everything but the seed's constants, saved after each change (stateCommits.ts
 * decides when, durableFile.ts how). Tokens are stored as digests only.
 */
export interface PersistedState {
  version: 1
  leaves: LeaveSnapshot
  tokens: TokenSnapshot
}

const grantSchema = z.object({
  username: z.string(),
  fileIds: z.array(z.number().int()),
  refreshDigest: z.string(),
  refreshExpiresAt: z.number(),
  retired: z.array(z.object({ digest: z.string(), until: z.number() })),
  accessDigest: z.string().nullable(),
  lastUsedAt: z.number().optional()
})

const stateSchema = z.object({
  version: z.literal(1),
  leaves: z.object({
    nextId: z.number().int().positive(),
    lastStamp: z.number(),
    files: z.record(
      z.string().regex(/^\d+$/),
      z.object({
        payItems: z.array(payItemSchema),
        contacts: z.array(contactSchema),
        balances: z.record(z.string(), z.array(z.object({ PayItemId: z.number().int(), Hours: z.number() }))),
        leaveRequests: z.array(leaveRequestRecordSchema),
        versions: z.record(z.string(), z.number().int()).optional()
      })
    )
  }),
  tokens: z.object({
    nextGrant: z.number().int().positive(),
    grants: z.record(z.string(), grantSchema),
    access: z.record(z.string(), z.object({ grantId: z.string(), expiresAt: z.number() }))
  })
})

export type LoadOutcome =
  | { kind: 'missing' }
  | { kind: 'loaded'; state: PersistedState }
  | { kind: 'corrupt'; movedTo: string; reason: string }

/** Reads the data file; a file that cannot be read as sandbox state is moved aside, never fatal. */
export function loadState(path: string, now: number): LoadOutcome {
  if (!existsSync(path)) return { kind: 'missing' }
  const reason = (() => {
    try {
      const parsed = stateSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
      return parsed.success ? parsed.data : `not sandbox data (${parsed.error.issues[0]?.message ?? 'wrong shape'})`
    } catch (error) {
      return error instanceof Error ? error.message : 'unreadable'
    }
  })()
  if (typeof reason !== 'string') return { kind: 'loaded', state: reason as PersistedState }
  const movedTo = `${path}.corrupt-${now}`
  renameSync(path, movedTo)
  return { kind: 'corrupt', movedTo, reason }
}
