import { Dexie } from 'dexie'
import type { DraftStatus } from '../drafts/draftStatus'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord, EpochMs } from './records'

/**
 * Earlier requests of the same employee in these states hold a later one back, because the queue posts
 * one employee's requests strictly in creation order: a later request must not reach payroll while an
 * earlier one is still waiting, in flight, of unknown outcome, or being fixed by the clerk.
 */
export const BLOCKING_STATUSES: readonly DraftStatus[] = ['queued', 'sending', 'uncertain', 'needs-attention']

/**
 * The queued drafts the runner may send now, in creation order: due (nextAttemptAt ≤ now), not deleted,
 * and first in line for their employee. The runner still claims each one before sending.
 */
export async function readyToSend(db: LeaveDeskDb, now: EpochMs): Promise<DraftRecord[]> {
  return db.transaction('r', db.drafts, async () => {
    const queued = await db.drafts.where('[status+nextAttemptAt]').between(['queued'], ['queued', now], true, true).toArray()
    const due = queued.filter((draft) => draft.deletedAt === undefined).sort((a, b) => a.seq - b.seq)
    const ready: DraftRecord[] = []
    const employeesSeen = new Set<string>()
    for (const draft of due) {
      const employeeKey = `${draft.fileId}/${draft.employeeId}`
      if (employeesSeen.has(employeeKey)) continue
      employeesSeen.add(employeeKey)
      if (!(await isWaitingBehindEarlier(db, draft))) ready.push(draft)
    }
    return ready
  })
}

/** True when an earlier, not deleted request of the same employee is still on its way (BLOCKING_STATUSES). */
export async function isWaitingBehindEarlier(db: LeaveDeskDb, draft: DraftRecord): Promise<boolean> {
  if (draft.employeeId === undefined) return false
  const { fileId, employeeId, seq } = draft
  // Key-only reads, almost always empty; only a hit needs its record read (it may have been deleted).
  const keys = await Promise.all(
    BLOCKING_STATUSES.map((status) =>
      db.drafts
        .where('[fileId+employeeId+status+seq]')
        .between([fileId, employeeId, status, Dexie.minKey], [fileId, employeeId, status, seq], true, false)
        .primaryKeys()
    )
  )
  const earlierIds = keys.flat()
  if (earlierIds.length === 0) return false
  const earlier = await db.drafts.bulkGet(earlierIds)
  return earlier.some((other) => other !== undefined && other.deletedAt === undefined)
}
