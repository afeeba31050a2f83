import { duplicateKey, findClashes, isExactDuplicate, type LeaveClash } from '../../../shared/safeguards'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'
import { employeeLeaveNear } from './leaveNearby'
import { visitSameFirstDay, type SameFirstDay, type SameFirstDayTuning } from './sameFirstDay'

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
 * (either one queued would be the second to reach payroll). The other requests sharing each draft's
 * employee and first day are read by visitSameFirstDay, a slice of dates at a time.
 */
export async function duplicatesToHoldBack(db: LeaveDeskDb, fileId: number, tuning?: SameFirstDayTuning): Promise<HeldBackDuplicate[]> {
  return db.transaction('r', db.drafts, db.confirmedDuplicates, async () => {
    const plain = await db.drafts.where('[fileId+status]').equals([fileId, 'draft']).toArray()
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
    const held: HeldBackDuplicate[] = []
    const plainById = new Map(plain.map((draft) => [draft.id, draft]))
    const holdBack = (found: SameFirstDay[]) => {
      for (const { drafts, rows } of found) {
        if (rows.length < 2) continue
        const live = rows.filter((other) => other.deletedAt === undefined).sort((a, b) => a.seq - b.seq)
        for (const draft of drafts) {
          const duplicateOf = live.find((other) => other.id !== draft.id && isExactDuplicate(draft, other))
          if (duplicateOf) held.push({ draft, duplicateOf })
        }
      }
    }
    await visitSameFirstDay(db, fileId, [...byFirstDay.values()], plainById, holdBack, tuning)
    return held.sort((a, b) => a.draft.seq - b.draft.seq)
  })
}
