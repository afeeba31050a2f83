import type { ClaimResult, DraftRecord, QueueStore, RepoResult, SendOutcome } from '../db'
import type { ClaimOptions } from '../db/queue'

/**
 * Group commit for a batch's queue writes. Lanes hand in their writes (an outcome to record, a claim to
 * make, a claim to give back) and each gets a promise that settles once the transaction holding it has
 * committed. One transaction runs at a time; what arrives meanwhile goes into the next ones (at most
 * MAX_WRITES_PER_GROUP each), so a busy batch pays one transaction (and one flush to disk) for several
 * lanes' writes instead of one per write, and a lane's outcome and its next claim share one. The
 * guarantees are the queue store's: a claim resolves only once committed, so a request still leaves
 * only after its claim is on disk.
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

type Write =
  | ({ kind: 'outcome'; id: string; outcome: SendOutcome } & Pending<RepoResult<DraftRecord>>)
  | ({ kind: 'release'; before: DraftRecord } & Pending<boolean>)
  | ({ kind: 'claim'; id: string } & Pending<ClaimResult>)

/**
 * Writes one transaction holds at most. While a group transaction is open the clerk's autosave (a write
 * on the same table) waits for it, so a group that took every lane's writes at once (an outcome and a
 * claim for each) kept the typing waiting for all of them. Two lanes' outcome and claim per transaction
 * keeps most of the saving of grouping (a flush shared by several writes) at half the longest wait.
 */
export const MAX_WRITES_PER_GROUP = 4

export interface BatchWriterOptions {
  /** Default MAX_WRITES_PER_GROUP; at least 1. */
  maxWritesPerGroup?: number
  /** Between two transactions, lets the page's waiting work (a keystroke, its autosave) run first. */
  yieldBetweenGroups?: () => Promise<void>
}

export function createBatchWriter(
  queue: Pick<QueueStore, 'claimAndRecord'>,
  claimOptions: () => ClaimOptions,
  options: BatchWriterOptions = {}
): BatchWriter {
  const cap = Math.max(1, Math.floor(options.maxWritesPerGroup ?? MAX_WRITES_PER_GROUP))
  const yieldBetweenGroups = options.yieldBetweenGroups ?? yieldToPage
  /**
   * Every write waiting, in the order handed in. A group takes the oldest: a lane hands in its draft's
   * outcome before its next claim, so that claim never goes into an earlier transaction than the outcome
   * (its check needs the earlier draft recorded), and in the same one the outcome is written first.
   */
  let waiting: Write[] = []
  let writing = false

  async function writeAll(): Promise<void> {
    writing = true
    try {
      for (let first = true; waiting.length > 0; first = false) {
        if (!first) await yieldBetweenGroups()
        const group = waiting.slice(0, cap)
        waiting = waiting.slice(group.length)
        const outcomes = group.filter((write) => write.kind === 'outcome')
        const releases = group.filter((write) => write.kind === 'release')
        const claims = group.filter((write) => write.kind === 'claim')
        try {
          const written = await queue.claimAndRecord(
            {
              outcomes: outcomes.map(({ id, outcome }) => ({ id, outcome })),
              releases: releases.map(({ before }) => before),
              claims: claims.map(({ id }) => id)
            },
            claimOptions()
          )
          outcomes.forEach((write, index) => write.resolve(written.recorded[index] as RepoResult<DraftRecord>))
          releases.forEach((write, index) => write.resolve(written.released[index] ?? false))
          claims.forEach((write, index) => write.resolve(written.claimed[index] as ClaimResult))
        } catch (error) {
          // Nothing of the group was written: each write fails as it would have alone (and is retried as alone).
          for (const write of group) write.reject(error)
        }
      }
    } finally {
      writing = false
    }
  }

  /** Queued for the next transaction; started on a later microtask so writes handed in together share it. */
  function enqueue(write: Write): void {
    waiting.push(write)
    if (!writing) {
      writing = true
      queueMicrotask(() => void writeAll())
    }
  }

  return {
    recordOutcome: (id, outcome) =>
      new Promise((resolve, reject) => enqueue({ kind: 'outcome', id, outcome, resolve, reject })),
    claim: (id) => new Promise((resolve, reject) => enqueue({ kind: 'claim', id, resolve, reject })),
    release: (before) => new Promise((resolve, reject) => enqueue({ kind: 'release', before, resolve, reject }))
  }
}

/**
 * One turn of the page's task queue: a keystroke's handler already due runs (and opens its autosave's
 * transaction) before the next group's, which IndexedDB then runs after it. scheduler.yield where the
 * page has it (Chromium), else a message-channel task (not a timer: nested timers are clamped to 4 ms).
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
