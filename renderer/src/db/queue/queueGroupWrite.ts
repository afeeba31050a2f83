import { loadLiveDraft, moveDraft } from '../draftStore'
import { namesReadOncePerGroup } from '../historyNames'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import type { RepoResult } from '../repositoryResult'
import { groupLaneCheck } from './groupLaneCheck'
import { claimInTransaction, type ClaimContext, type ClaimResult } from './queueClaim'
import { forgetRecordedAnswer, OUTCOME_TABLES, recordInTransaction, type SendOutcome, type UnrecordedOutcomes } from './queueOutcomes'

/**
 * Several lanes' queue writes in ONE transaction on the claim connection (strict durability): the
 * outcomes that came back, the claims the runner gave up before their request left, and the next
 * claims. A transaction (and its flush to disk) per draft and per outcome was most of the queue's cost;
 * grouped, lanes share it. Each write is the same function the single-draft path uses, nested in this
 * transaction, so every check and refusal is unchanged: the outcomes come first, so a lane's next
 * request is claimed only once its earlier one is recorded as synced (the claim's own check). The
 * claims share one lane check (groupLaneCheck.ts), which gives each the answer it would get alone.
 * All of it commits or none does; a throw means nothing was written.
 */
export interface GroupWrite {
  outcomes: readonly { id: string; outcome: SendOutcome }[]
  /** Drafts claimed by the runner whose request never left: back to queued, as before the claim. */
  releases: readonly DraftRecord[]
  claims: readonly string[]
}

export interface GroupWritten {
  recorded: RepoResult<DraftRecord>[]
  released: boolean[]
  claimed: ClaimResult[]
}

export async function writeGroup(
  claimDb: LeaveDeskDb,
  deps: Pick<RepositoryDeps, 'now'>,
  unrecorded: UnrecordedOutcomes,
  group: GroupWrite,
  context: ClaimContext
): Promise<GroupWritten> {
  // Side by side within the transaction (each touches its own draft), so IndexedDB works through the
  // requests of the whole group in one go instead of one draft's round trips after another's. The
  // claims start once every outcome is written: a lane's next claim must see its earlier one synced.
  const written = await claimDb.transaction('rw', OUTCOME_TABLES(claimDb), async () => {
    const storedEarly = readUntouchedClaims(claimDb, group)
    const names = namesReadOncePerGroup(claimDb)
    const [recorded, released] = await Promise.all([
      Promise.all(group.outcomes.map(({ id, outcome }) => recordInTransaction(claimDb, deps, id, outcome, names))),
      Promise.all(group.releases.map((before) => releaseClaim(claimDb, before)))
    ])
    // One lane check for all the group's claims: it reads once what each claim would read the same.
    const lanes = group.claims.length > 0 ? groupLaneCheck(claimDb) : undefined
    const claimed = await Promise.all(group.claims.map((id) => claimInTransaction(claimDb, id, context, { lanes, stored: storedEarly.get(id) })))
    return { recorded, released, claimed }
  })
  group.outcomes.forEach(({ id, outcome }, index) => {
    if (written.recorded[index]?.ok) forgetRecordedAnswer(unrecorded, id, outcome)
  })
  return written
}

/**
 * The drafts to claim that no outcome or given-back claim of the group writes, read at the start of the
 * transaction alongside the outcomes' own reads: the same values a read just before each claim would
 * give (nothing else writes them in between), one round trip to IndexedDB sooner. By draft.
 */
function readUntouchedClaims(db: LeaveDeskDb, group: GroupWrite): Map<string, Promise<DraftRecord | undefined>> {
  const touched = new Set([...group.outcomes.map(({ id }) => id), ...group.releases.map(({ id }) => id)])
  const untouched = [...new Set(group.claims.filter((id) => !touched.has(id)))]
  if (untouched.length === 0) return new Map()
  const read = db.drafts.bulkGet(untouched)
  return new Map(untouched.map((id, index) => [id, read.then((drafts) => drafts[index])]))
}

/**
 * Undoes the runner's own claim of a draft whose request never left (the batch stopped while it waited
 * for its turn): queued again with its attempts, due time, last send time and unconfirmed update as they
 * were. Only a draft still 'sending' with exactly that one claim on top is touched. True when it was put back.
 */
async function releaseClaim(db: LeaveDeskDb, before: DraftRecord): Promise<boolean> {
  const loaded = await loadLiveDraft(db, before.id)
  if (!loaded.ok || loaded.value.status !== 'sending' || loaded.value.attempts !== before.attempts + 1) return false
  // An update's claim marks its PUT as possibly sent (unconfirmedUpdate); it never left, so that goes back too.
  const moved = moveDraft(loaded.value, 'retry', {
    attempts: before.attempts,
    nextAttemptAt: before.nextAttemptAt,
    sentAt: before.sentAt,
    unconfirmedUpdate: before.unconfirmedUpdate
  })
  if (!moved.ok) return false
  await db.drafts.put(moved.value)
  return true
}
