import { duplicateKey, findClashes, isExactDuplicate, type LeaveClash } from '../../../shared/safeguards'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'
import { employeeLeaveNear } from './leaveNearby'

export type DraftClash = LeaveClash<DraftRecord> & { other: DraftRecord }

/** The other live requests of the same employee that share days with this draft, exact duplicates first. */
export async function clashesOf(db: LeaveDeskDb, draft: DraftRecord): Promise<DraftClash[]> {
  if (draft.employeeId === undefined || draft.deletedAt !== undefined) return []
  const near = await employeeLeaveNear(db, draft.fileId, draft.employeeId, draft.startDate, draft.endDate)
  const clashes = findClashes([draft], near) as DraftClash[]
  return clashes.sort((a, b) => Number(b.exact) - Number(a.exact) || a.other.seq - b.other.seq)
}

/**
 * Exact duplicates only: the same employee's requests starting the same day (one key of the v3 index,
 * a handful of rows), not every request that may overlap. What queueing asks for, per draft.
 */
export async function exactDuplicatesOf(db: LeaveDeskDb, draft: DraftRecord): Promise<DraftClash[]> {
  if (draft.employeeId === undefined || draft.deletedAt !== undefined || duplicateKey(draft) === null) return []
  const sameStart = await db.drafts.where('[fileId+employeeId+startDate]').equals([draft.fileId, draft.employeeId, draft.startDate]).toArray()
  const live = sameStart.filter((other) => other.deletedAt === undefined)
  return (findClashes([draft], live) as DraftClash[]).filter((clash) => clash.exact).sort((a, b) => a.other.seq - b.other.seq)
}

/** Exact duplicates the clerk has not yet said they mean (confirmed for these same four facts). */
export async function unconfirmedDuplicatesOf(db: LeaveDeskDb, draft: DraftRecord): Promise<DraftClash[]> {
  const duplicates = await exactDuplicatesOf(db, draft)
  if (duplicates.length === 0) return []
  const confirmed = await db.confirmedDuplicates.get(draft.id)
  return confirmed && confirmed.key === duplicateKey(draft) ? [] : duplicates
}

/** Remembers that the clerk means this draft although it duplicates another: not asked again. */
export async function confirmDuplicate(db: LeaveDeskDb, draft: DraftRecord, now: number): Promise<void> {
  const key = duplicateKey(draft)
  if (key) await db.confirmedDuplicates.put({ draftId: draft.id, key, confirmedAt: now })
}

export interface HeldBackDuplicate {
  draft: DraftRecord
  duplicateOf: DraftRecord
}

/**
 * The plain drafts of a file that "Queue all ready" must hold back: each is an exact duplicate of
 * another live request and the clerk has not confirmed it. Of two identical plain drafts both are held
 * (either one queued would be the second to reach payroll).
 *
 * Key-only first: for each distinct employee and first day, the ids sharing that key of the v3 index
 * (no record read, all asked at once). Only ids that are not plain drafts already in hand are then read,
 * about `rowsReadAtOnce` at a time, so a history where nobody else starts that day costs no record reads.
 */
export async function duplicatesToHoldBack(db: LeaveDeskDb, fileId: number, rowsReadAtOnce = ROWS_READ_AT_ONCE): Promise<HeldBackDuplicate[]> {
  return db.transaction('r', db.drafts, db.confirmedDuplicates, async () => {
    const plain = await db.drafts.where('[fileId+status]').equals([fileId, 'draft']).toArray()
    const plainById = new Map(plain.map((draft) => [draft.id, draft]))
    const candidates = plain.filter((draft) => draft.deletedAt === undefined && duplicateKey(draft) !== null)
    const confirmations = await db.confirmedDuplicates.bulkGet(candidates.map((draft) => draft.id))
    const confirmedKey = new Map(confirmations.flatMap((row) => (row ? [[row.draftId, row.key] as const] : [])))
    const byFirstDay = new Map<string, DraftRecord[]>()
    for (const draft of candidates) {
      if (confirmedKey.get(draft.id) === duplicateKey(draft)) continue
      const key = `${draft.employeeId}|${draft.startDate}`
      const group = byFirstDay.get(key)
      if (group) group.push(draft)
      else byFirstDay.set(key, [draft])
    }
    const groups = [...byFirstDay.values()]
    const sharingIds = await Promise.all(
      groups.map(([first]) => db.drafts.where('[fileId+employeeId+startDate]').equals([fileId, first!.employeeId!, first!.startDate]).primaryKeys())
    )
    // A lone unconfirmed draft whose key only it holds duplicates nothing: most groups end here.
    const contested = groups.flatMap((group, i) => ((sharingIds[i]?.length ?? 0) > 1 ? [{ group, ids: sharingIds[i]! }] : []))
    const held: HeldBackDuplicate[] = []
    for (const chunk of chunksOfAboutRows(contested, rowsReadAtOnce)) {
      const toRead = [...new Set(chunk.flatMap(({ ids }) => ids.filter((id) => !plainById.has(id))))]
      const read = await db.drafts.bulkGet(toRead)
      const readById = new Map(read.flatMap((draft) => (draft ? [[draft.id, draft] as const] : [])))
      for (const { group, ids } of chunk) {
        const live = ids
          .flatMap((id) => plainById.get(id) ?? readById.get(id) ?? [])
          .filter((other) => other.deletedAt === undefined)
          .sort((a, b) => a.seq - b.seq)
        for (const draft of group) {
          const duplicateOf = live.find((other) => other.id !== draft.id && isExactDuplicate(draft, other))
          if (duplicateOf) held.push({ draft, duplicateOf })
        }
      }
    }
    return held.sort((a, b) => a.draft.seq - b.draft.seq)
  })
}

/** About how many rows the hold-back check reads in one go (bounds what it holds at once). */
const ROWS_READ_AT_ONCE = 2_000

/** Consecutive runs of groups holding about `rows` ids each (a group is never split). */
function* chunksOfAboutRows<G extends { ids: readonly unknown[] }>(groups: readonly G[], rows: number): Generator<G[]> {
  let chunk: G[] = []
  let size = 0
  for (const group of groups) {
    chunk.push(group)
    size += group.ids.length
    if (size >= rows) {
      yield chunk
      chunk = []
      size = 0
    }
  }
  if (chunk.length > 0) yield chunk
}
