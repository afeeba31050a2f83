import { loadLiveDraft, moveDraft, readManyBeforePut } from '../draftStore'
import { namesReadOncePerGroup, type HistoryNamesMemo } from '../historyNames'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import type { RepoResult } from '../repositoryResult'
import { groupLaneCheck } from './groupLaneCheck'
import { checkClaim, notNow, type ClaimContext, type ClaimResult } from './queueClaim'
import { recordGroupOutcomes } from './queueGroupOutcomes'
import { forgetRecordedAnswer, OUTCOME_TABLES, type SendOutcome, type UnrecordedOutcomes } from './queueOutcomes'

/**
 * Several lanes' queue writes in ONE transaction on the claim connection (strict durability): the
 * outcomes that came back, the claims the runner gave up before their request left, and the next
 * claims. A transaction (and its flush to disk) per draft and per outcome was most of the queue's cost;
 * grouped, lanes share it. Each draft goes through the same checks and moves as on the single-draft
 * path (outcomeWrites, checkClaim), so every refusal is unchanged; only the writes go as one bulk call
 * per table. The outcomes come first, so a lane's next request is claimed only once its earlier one is
 * recorded as synced (the claim's own check). The claims share one lane check (groupLaneCheck.ts), which
 * gives each the answer it would get alone. All of it commits or none does; a throw means nothing was written.
 *
 * Inside the transaction every step is chained with `.then` on Dexie's promises, never awaited (here and
 * in what it calls: the claim's checks, the lane check, the outcomes, the history's names). Dexie keeps
 * its transaction across a native `await` by "zone echoes": each awaited Dexie promise schedules up to a
 * hundred extra microtasks that switch its zone in and out. In a batch's profile those echoes were a
 * quarter of the page's time (zoneEnterEcho, zoneLeaveEcho and queueMicrotask: ~1 s of ~4 s busy for
 * 1,000 drafts), more than the queue's own work. A `.then` chain stays in the zone without them.
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

export function writeGroup(
  claimDb: LeaveDeskDb,
  deps: Pick<RepositoryDeps, 'now'>,
  unrecorded: UnrecordedOutcomes,
  group: GroupWrite,
  context: ClaimContext,
  namesMemo?: HistoryNamesMemo
): Promise<GroupWritten> {
  // Side by side within the transaction (each touches its own draft), so IndexedDB works through the
  // requests of the whole group in one go instead of one draft's round trips after another's. The
  // claims start once every outcome is written: a lane's next claim must see its earlier one synced.
  // referenceMeta too: the names remembered from earlier groups are checked against their lists' change tags.
  const writing = claimDb.transaction('rw', [...OUTCOME_TABLES(claimDb), claimDb.referenceMeta], () => {
    const outcomeDrafts = readOutcomeDrafts(claimDb, group)
    const names = namesReadOncePerGroup(claimDb, namesMemo)
    return Promise.all([
      recordGroupOutcomes(claimDb, deps.now(), group.outcomes, (id) => outcomeDrafts.get(id) ?? claimDb.drafts.get(id), names),
      Promise.all(group.releases.map((before) => releaseClaim(claimDb, before)))
    ]).then(([recorded, released]) => claimAll(claimDb, group.claims, context).then((claimed) => ({ recorded, released, claimed })))
  })
  return writing.then((written) => {
    group.outcomes.forEach(({ id, outcome }, index) => {
      if (written.recorded[index]?.ok) forgetRecordedAnswer(unrecorded, id, outcome)
    })
    return written
  })
}

type ReadEarly = Map<string, Promise<DraftRecord | undefined>>

/**
 * The drafts the group's outcomes record, read with one call at the start of the transaction: the same
 * values a read just before each write would give (nothing else writes them in between), in one round
 * trip to IndexedDB and one Dexie call. Through Dexie's transaction cache (readManyBeforePut) when no
 * claim is given back, so the outcomes' bulkPut tells live queries only the indexes it changes; a given
 * back claim is put in between, which would spoil that read.
 */
function readOutcomeDrafts(db: LeaveDeskDb, group: GroupWrite): ReadEarly {
  const ids = [...new Set(group.outcomes.map(({ id }) => id))]
  if (ids.length === 0) return new Map()
  const read = group.releases.length === 0 ? readManyBeforePut(db, ids) : db.drafts.bulkGet(ids)
  return new Map(ids.map((id, index) => [id, read.then((drafts) => drafts[index])]))
}

/**
 * The group's claims, once its outcomes and given-back claims are written (a lane's next claim must see
 * its earlier request synced). They share one lane check (groupLaneCheck.ts), which remembers each
 * claim that passes, so a later request of the same lane claimed in the group is held back although no
 * claim is written before all are checked; then the claimed drafts are written with one bulkPut, in this
 * transaction, before any request leaves. A draft asked twice is claimed once.
 */
function claimAll(db: LeaveDeskDb, ids: readonly string[], context: ClaimContext): Promise<ClaimResult[]> {
  if (ids.length === 0) return Promise.resolve([])
  const lanes = groupLaneCheck(db)
  // Read through Dexie's transaction cache (readManyBeforePut), so the bulkPut below tells the page's live
  // queries only the indexes a claim changes (its status, times and attempts), not all fifteen of every
  // claimed draft: after each group's commit, every live query on the page folds in what it is told, and
  // told everything, that work made the page's longest tasks while a batch ran. Nothing is written
  // between this read and the bulkPut (the checks only read).
  const stored = readManyBeforePut(db, ids)
  const checked = Promise.all(
    ids.map((id, index) =>
      ids.indexOf(id) < index ? notNow() : checkClaim(db, id, context, { lanes, stored: stored.then((drafts) => drafts[index]) })
    )
  )
  return checked.then((claimed) => {
    const drafts = claimed.flatMap((claim) => (claim.ok ? [claim.value.draft] : []))
    return drafts.length > 0 ? db.drafts.bulkPut(drafts).then(() => claimed) : claimed
  })
}

/**
 * Undoes the runner's own claim of a draft whose request never left (the batch stopped while it waited
 * for its turn): queued again with its attempts, due time, last send time and unconfirmed update as they
 * were. Only a draft still 'sending' with exactly that one claim on top is touched. True when it was put back.
 */
function releaseClaim(db: LeaveDeskDb, before: DraftRecord): Promise<boolean> {
  return loadLiveDraft(db, before.id).then((loaded) => {
    if (!loaded.ok || loaded.value.status !== 'sending' || loaded.value.attempts !== before.attempts + 1) return false
    // An update's claim marks its PUT as possibly sent (unconfirmedUpdate); it never left, so that goes back too.
    const moved = moveDraft(loaded.value, 'retry', {
      attempts: before.attempts,
      nextAttemptAt: before.nextAttemptAt,
      sentAt: before.sentAt,
      unconfirmedUpdate: before.unconfirmedUpdate
    })
    if (!moved.ok) return false
    return db.drafts.put(moved.value).then(() => true)
  })
}
