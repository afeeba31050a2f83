import type { ClaimResult, DraftRecord, QueueStore, RepoResult, SendOutcome } from '../db'
import type { ClaimOptions } from '../db/queue'
import { editedWithin, nextEditOr } from '../autosave/editActivity'

/**
 * Group commit for a batch's queue writes. Lanes hand in their writes (an outcome to record, a claim to
 * make, a claim to give back) and each gets a promise that settles once the transaction holding it has
 * committed. One transaction runs at a time; whatever arrives meanwhile goes into the next one, so a
 * busy batch pays one transaction (and one flush to disk) for several lanes' writes instead of one per
 * write, and a lane's outcome and its next claim share one. The guarantees are the queue store's: a
 * claim resolves only once committed, so a request still leaves only after its claim is on disk.
 */
export interface BatchWriter {
  recordOutcome(id: string, outcome: SendOutcome): Promise<RepoResult<DraftRecord>>
  claim(id: string): Promise<ClaimResult>
  /** Gives back the claim of a draft whose request never left (`before`: the draft as it was picked). */
  release(before: DraftRecord): Promise<boolean>
}

interface Pending<T> {
  resolve: (value: T) => void
  reject: (reason: unknown) => void
}

/** A change saved less than this long ago means the clerk is typing. */
export const TYPING_WITHIN_MS = 1_000
/** While they type, how long a group waits for the next keystroke before it goes anyway. */
export const HOLD_FOR_KEYSTROKE_MS = 150

/**
 * While the clerk types, a group opens just behind a keystroke's save (or once they pause). Its autosave
 * writes `drafts` too, and IndexedDB runs it only after a group already open: a group opened at any
 * moment made about half the keystrokes wait for it. Opened behind a save, it is done before the next
 * keystroke. Smaller groups were tried and were worse: a transaction's cost is mostly fixed (its flush
 * and the page's turns between its requests), so more of them held `drafts` more of the time.
 */
export async function giveWayToTyping(holdMs: number = HOLD_FOR_KEYSTROKE_MS): Promise<void> {
  if (editedWithin(TYPING_WITHIN_MS)) await nextEditOr(holdMs)
}

export function createBatchWriter(
  queue: Pick<QueueStore, 'claimAndRecord'>,
  claimOptions: () => ClaimOptions,
  /** Resolves when the next transaction may open. */
  beforeGroup: () => Promise<void> = () => giveWayToTyping()
): BatchWriter {
  let outcomes: ({ id: string; outcome: SendOutcome } & Pending<RepoResult<DraftRecord>>)[] = []
  let releases: ({ before: DraftRecord } & Pending<boolean>)[] = []
  let claims: ({ id: string } & Pending<ClaimResult>)[] = []
  let writing = false

  async function writeAll(): Promise<void> {
    writing = true
    try {
      while (outcomes.length + releases.length + claims.length > 0) {
        await beforeGroup()
        const group = { outcomes, releases, claims }
        outcomes = []
        releases = []
        claims = []
        try {
          const written = await queue.claimAndRecord(
            {
              outcomes: group.outcomes.map(({ id, outcome }) => ({ id, outcome })),
              releases: group.releases.map(({ before }) => before),
              claims: group.claims.map(({ id }) => id)
            },
            claimOptions()
          )
          group.outcomes.forEach((write, index) => write.resolve(written.recorded[index] as RepoResult<DraftRecord>))
          group.releases.forEach((write, index) => write.resolve(written.released[index] ?? false))
          group.claims.forEach((write, index) => write.resolve(written.claimed[index] as ClaimResult))
        } catch (error) {
          // Nothing of the group was written: each write fails as it would have alone (and is retried as alone).
          for (const write of [...group.outcomes, ...group.releases, ...group.claims]) write.reject(error)
        }
      }
    } finally {
      writing = false
    }
  }

  /** Queued for the next transaction; started on a later microtask so writes handed in together share it. */
  function enqueue<T>(add: (pending: Pending<T>) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      add({ resolve, reject })
      if (!writing) {
        writing = true
        queueMicrotask(() => void writeAll())
      }
    })
  }

  return {
    recordOutcome: (id, outcome) => enqueue((pending) => outcomes.push({ id, outcome, ...pending })),
    claim: (id) => enqueue((pending) => claims.push({ id, ...pending })),
    release: (before) => enqueue((pending) => releases.push({ before, ...pending }))
  }
}
