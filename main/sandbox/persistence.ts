import { existsSync, readFileSync, renameSync, rmSync, truncateSync } from 'node:fs'
import { z } from 'zod'
import { contactSchema, payItemSchema } from '../../shared/apiSchemas'
import { leaveRequestRecordSchema } from '../../shared/leaveRequestSchema'
import { applyJournalLine, journalPathOf, type JournalLine } from './journal'
import type { LeaveSnapshot } from './leaveStore'
import type { TokenSnapshot } from './sandboxGrants'

/**
 * The sandbox's data: everything but the seed's constants, as a snapshot (the data file) and the journal of
 * commits since (journal.ts; stateCommits.ts decides when each is written, durableFile.ts how). Tokens are
 * stored as digests only.
 */
export interface PersistedState {
  version: 1
  leaves: LeaveSnapshot
  tokens: TokenSnapshot
  /** The last commit the snapshot holds; journal lines up to it are already in it. Absent: 0. */
  commitSeq?: number
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

const fileSchema = z.object({
  payItems: z.array(payItemSchema),
  contacts: z.array(contactSchema),
  balances: z.record(z.string(), z.array(z.object({ PayItemId: z.number().int(), Hours: z.number() }))),
  leaveRequests: z.array(leaveRequestRecordSchema),
  versions: z.record(z.string(), z.number().int()).optional()
})

const tokensSchema = z.object({
  nextGrant: z.number().int().positive(),
  grants: z.record(z.string(), grantSchema),
  access: z.record(z.string(), z.object({ grantId: z.string(), expiresAt: z.number() }))
})

const stateSchema = z.object({
  version: z.literal(1),
  leaves: z.object({
    nextId: z.number().int().positive(),
    lastStamp: z.number(),
    files: z.record(z.string().regex(/^\d+$/), fileSchema)
  }),
  tokens: tokensSchema,
  commitSeq: z.number().int().nonnegative().optional()
})

const journalLineSchema = z.object({
  seq: z.number().int().positive(),
  top: z.object({ nextId: z.number().int().positive(), lastStamp: z.number(), tokens: tokensSchema }).optional(),
  parts: z.array(z.tuple([z.string().regex(/^\d+$/), z.string(), z.unknown()])),
  records: z.array(z.tuple([z.string().regex(/^\d+$/), leaveRequestRecordSchema, z.number().int().nullable()]))
})

/** A file's field from the journal, checked as the snapshot checks it; a field it does not know is dropped, as there. */
function checkedPart(field: string, value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (field === 'leaveRequests' || field === 'versions') return { ok: false }
  const schema = (fileSchema.shape as Record<string, z.ZodType | undefined>)[field]
  if (!schema) return { ok: false }
  const parsed = schema.safeParse(value)
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false }
}

export type LoadOutcome =
  | { kind: 'missing' }
  | { kind: 'loaded'; state: PersistedState; found: DurableMark }
  | { kind: 'corrupt'; movedTo: string; reason: string }

/** Where the data on disk ends: the last commit, the journal's length in bytes, the snapshot's. */
export interface DurableMark {
  seq: number
  journalBytes: number
  snapshotBytes: number
}

/**
 * Reads the snapshot and replays the journal. A snapshot that cannot be read as sandbox state is moved
 * aside (with its journal, which means nothing without it), never fatal. The journal is read up to its
 * first line that is not whole (an append killed mid-write: never acknowledged), and that tail is cut off
 * so the next append follows the last whole line. `journalLimit` reads only that many bytes of it (a
 * failed append being taken back, stateCommits.ts).
 */
export function loadState(path: string, now: number, journalLimit?: number): LoadOutcome {
  const journal = journalPathOf(path)
  if (!existsSync(path)) {
    // Lines without their snapshot: never acknowledged as a whole (the first commit writes the snapshot).
    rmSync(journal, { force: true })
    return { kind: 'missing' }
  }
  let text: string
  const reason = (() => {
    try {
      text = readFileSync(path, 'utf8')
      const parsed = stateSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : `not sandbox data (${parsed.error.issues[0]?.message ?? 'wrong shape'})`
    } catch (error) {
      return error instanceof Error ? error.message : 'unreadable'
    }
  })()
  if (typeof reason === 'string') {
    const movedTo = `${path}.corrupt-${now}`
    renameSync(path, movedTo)
    if (existsSync(journal)) renameSync(journal, `${movedTo}.journal`)
    return { kind: 'corrupt', movedTo, reason }
  }
  const state = reason as PersistedState
  const replayed = replayJournal(journal, state, journalLimit)
  return { kind: 'loaded', state, found: { ...replayed, snapshotBytes: Buffer.byteLength(text!) } }
}

function replayJournal(journal: string, state: PersistedState, limit: number | undefined): { seq: number; journalBytes: number } {
  let seq = state.commitSeq ?? 0
  if (!existsSync(journal)) return { seq, journalBytes: 0 }
  const bytes = readFileSync(journal)
  const readable = limit === undefined ? bytes : bytes.subarray(0, limit)
  const indexes = new Map<string, Map<number, number>>()
  let at = 0
  for (let end = readable.indexOf(0x0a); end !== -1; end = readable.indexOf(0x0a, at)) {
    const line = parseLine(readable.subarray(at, end).toString('utf8'))
    // Lines the snapshot already holds are skipped (the journal outlived a compaction); a gap ends the journal.
    if (!line || line.seq > seq + 1) break
    if (line.seq === seq + 1) {
      applyJournalLine(state, line, indexes)
      seq = line.seq
    }
    at = end + 1
  }
  if (limit === undefined && at < bytes.length) truncateSync(journal, at)
  return { seq, journalBytes: at }
}

function parseLine(text: string): JournalLine | null {
  try {
    const parsed = journalLineSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return null
    const parts = parsed.data.parts.flatMap(([fileId, field, value]): JournalLine['parts'] => {
      const checked = checkedPart(field, value)
      return checked.ok ? [[fileId, field, checked.value]] : []
    })
    return { ...(parsed.data as JournalLine), parts }
  } catch {
    return null
  }
}
