import type { Table } from 'dexie'
import { canApply, DRAFT_TRANSITIONS, type DraftAction } from './draftTransitions'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { DraftRecord } from './records'
import { deleted, illegalTransition, notFound, succeed, type RepoResult } from './repositoryResult'

/** Building blocks shared by the repository's operations; call them inside a transaction. */

const SEQ_COUNTER = 'draftSeq'

/**
 * The next creation number. A counter row rather than "highest draft + 1" so the sequence can never go
 * back, whatever happens to the drafts; the highest draft is still consulted in case the counter is
 * behind (a database restored from elsewhere).
 */
export async function nextSeq(db: LeaveDeskDb): Promise<number> {
  const counter = await db.counters.get(SEQ_COUNTER)
  const highest = await db.drafts.orderBy('seq').last()
  const seq = Math.max(counter?.value ?? 0, highest?.seq ?? 0) + 1
  await db.counters.put({ name: SEQ_COUNTER, value: seq })
  return seq
}

/** The draft, unless it does not exist or is deleted. */
export function loadLiveDraft(db: LeaveDeskDb, id: string): Promise<RepoResult<DraftRecord>> {
  return db.drafts.get(id).then((stored) => liveDraft(id, stored))
}

/** The draft `id` as the caller read it (`stored`), unless it does not exist or is deleted. */
export function liveDraft(id: string, stored: DraftRecord | undefined): RepoResult<DraftRecord> {
  if (!stored) return notFound(id)
  if (stored.deletedAt !== undefined) return deleted()
  return succeed(stored)
}

/** The draft after `action` with `changes` applied, or a refusal when the transitions table forbids it. */
export function moveDraft(
  draft: DraftRecord,
  action: DraftAction,
  changes: Partial<DraftRecord>
): RepoResult<DraftRecord> {
  if (!canApply(action, draft.status)) return illegalTransition(action, draft.status)
  return succeed(compact({ ...draft, ...changes, status: DRAFT_TRANSITIONS[action].to }))
}

/**
 * Drops properties set to undefined, so "clear this field" really removes it and the draft leaves the
 * indexes built on it (a draft with no nextAttemptAt is not in the queue's pick).
 */
export function compact<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T
}

/** Applies `operation` to a live draft and stores the result, all in one transaction. */
export function changeDraft(
  db: LeaveDeskDb,
  id: string,
  operation: (draft: DraftRecord) => RepoResult<DraftRecord>
): Promise<RepoResult<DraftRecord>> {
  return db.transaction('rw', db.drafts, async () => {
    const loaded = liveDraft(id, await db.drafts.get(id))
    if (!loaded.ok) return loaded
    const changed = operation(loaded.value)
    if (changed.ok) await db.drafts.put(changed.value)
    return changed
  })
}

/** Whether a draft read in a transaction is still exactly the one the caller had (property order included). */
export function isUnchanged(stored: DraftRecord | undefined, had: DraftRecord): boolean {
  return stored !== undefined && JSON.stringify(stored) === JSON.stringify(had)
}

const CHANGED_MEANWHILE = new Error('Changed meanwhile: nothing of this transaction is kept.')

/** What a write in one round trip answers once its reads confirm it: its result, and its writes under way. */
export interface Confirmed<T> {
  value: T
  writes: Promise<unknown>
}

/**
 * A write built from drafts as the caller last had them, issued in one transaction together with the reads
 * that confirm them: one round trip instead of a read, then a write. `run` issues the reads, then every
 * write (all before it first awaits), and answers undefined when what it read is not what the writes were
 * built from; the transaction is then aborted, so nothing of it is written, and this answers undefined for
 * the caller to redo the change from what is stored.
 *
 * Confirmed, the transaction is committed there and then: IndexedDB frees the tables once it has done the
 * writes, not once the page's main thread has taken each write's answer (a keystroke's save waits behind a
 * claim for that). A write IndexedDB refuses on its own (Dexie catches each request's error, so it no
 * longer aborts a committing transaction) makes this reject: the caller learns that its writes may be
 * partly on disk, and goes on as for a database that failed.
 */
export function writeIfUnchanged<T>(db: LeaveDeskDb, tables: Table[], run: () => Promise<Confirmed<T> | undefined>): Promise<T | undefined> {
  const written = db.transaction('rw', tables, async (transaction) => {
    const confirmed = await run()
    if (confirmed === undefined) throw CHANGED_MEANWHILE
    commitNow(transaction.idbtrans)
    await confirmed.writes
    return confirmed.value
  })
  return written.catch((error: unknown) => (error === CHANGED_MEANWHILE ? undefined : Promise.reject(error)))
}

/** Asks IndexedDB to commit once the requests already issued are done (where it cannot, it commits by itself). */
function commitNow(transaction: IDBTransaction): void {
  try {
    transaction.commit()
  } catch {
    // Already committing, or a store without commit() (older test doubles): the usual auto-commit follows.
  }
}
