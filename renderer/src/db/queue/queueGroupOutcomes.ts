import { liveDraft } from '../draftStore'
import type { HistoryNames } from '../historyNames'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs } from '../records'
import { succeed, type RepoResult } from '../repositoryResult'
import { syncRecordOf } from '../syncHistory'
import { outcomeWrites, type SendOutcome } from './queueOutcomes'

/**
 * The outcomes of one group transaction (queueGroupWrite.ts) recorded with the single-draft path's own
 * moves (queueOutcomes.ts outcomeWrites, syncHistory.ts syncRecordOf), each draft as the group read it
 * (`stored`, read in this transaction before any of its writes). The writes go as one bulk call per
 * table instead of three or four calls per draft: the same requests to IndexedDB in the same
 * transaction, with Dexie's per-call work (its promise zones, the write middlewares) paid once per group.
 * All of it commits or none does: a failed write throws, and the transaction is aborted.
 */
export function recordGroupOutcomes(
  db: LeaveDeskDb,
  now: EpochMs,
  outcomes: readonly { id: string; outcome: SendOutcome }[],
  stored: (id: string) => Promise<DraftRecord | undefined>,
  names: HistoryNames
): Promise<RepoResult<DraftRecord>[]> {
  // Chained with `.then`, not awaited: queueGroupWrite.ts says why.
  const planning = Promise.all(
    outcomes.map(({ id, outcome }) =>
      stored(id).then((read) => {
        const loaded = liveDraft(id, read)
        return loaded.ok ? outcomeWrites(loaded.value, outcome, now) : loaded
      })
    )
  )
  return planning.then((planned) => {
    const answer = planned.map((result) => (result.ok ? succeed(result.value.draft) : result))
    const writes = planned.flatMap((result, index) => (result.ok ? [{ ...result.value, outcome: outcomes[index]!.outcome }] : []))
    if (writes.length === 0) return answer
    // The drafts and attempts go at once; the sync records once their names are read (in parallel with those writes).
    const draftsWritten = db.drafts.bulkPut(writes.map((write) => write.draft))
    const attemptsWritten = db.attempts.bulkAdd(writes.map((write) => write.attempt))
    const records = Promise.all(
      writes.flatMap(({ draft, outcome }) => (outcome.kind === 'synced' ? [syncRecordOf(draft, outcome, now, false, names)] : []))
    )
    // The sync records only after the drafts' put: a record's key is its draft's id, and Dexie's transaction
    // cache (the drafts as read for that put, `stored`) would otherwise pass for the records' old values.
    return Promise.all([records, draftsWritten])
      .then(([built]) => Promise.all([attemptsWritten, built.length > 0 ? db.syncHistory.bulkPut(built) : undefined]))
      .then(() => answer)
  })
}
