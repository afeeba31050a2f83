import type { Result } from '../../shared/result'
import { appendDurably, openForAppending, writeFileDurably, type DurableFs, type DurableHandle } from './durableFile'
import { headTexts, journalLineText, journalPathOf, type HeadTexts, type JournalLine, type JournalRecord } from './journal'
import type { DurableMark, PersistedState } from './persistence'

/**
 * Makes the sandbox's changes durable before they are acknowledged. A route changes the in-memory stores,
 * then awaits commit(): the answer goes out only once a write that includes the change has been fsync'd.
 *
 * A write is one line appended to the journal (journal.ts): the leave requests written since the last
 * commit (found by identity: the stores replace a record's object whenever they change it) and the head
 * when it changed. So a commit costs what changed, not the size of the data. When the journal has grown as
 * large as the snapshot, the next write is a new snapshot instead (atomic, durableFile.ts) and the journal
 * goes: compaction's cost, spread over the commits before it, stays a constant share of each.
 *
 * Writes are coalesced: while one write is on its way to disk, every change that arrives waits for the
 * next one, and that single write acknowledges all of them. If a write fails, the journal is cut back to
 * its last whole line, the stores are put back to what the disk holds, and every change not yet durable is
 * refused — so a 5xx from the sandbox always means "not stored", and a later request never sees a record
 * the disk does not hold.
 */

export type CommitFailure = { code: string; diskFull: boolean; message: string }
export type CommitOutcome = Result<void, CommitFailure>

export interface StateCommitterOptions {
  path: string
  fs: DurableFs
  /** The live state (not a copy): read at once, never kept. */
  state: () => PersistedState
  /** Puts the stores back to a state read from disk (or the starting state, when nothing was written yet). */
  restore: (state: PersistedState) => void
  /** Reads back what the disk holds, the journal up to `journalBytes`; null when there is no data file. */
  load: (journalBytes: number) => PersistedState | null
  /** What start-up read from disk; null: nothing (the first commit writes a snapshot). */
  found: DurableMark | null
}

/** A journal this small is never worth a compaction, whatever the snapshot's size. */
const MIN_JOURNAL_BYTES = 1024 * 1024

interface Waiter {
  resolve: (outcome: CommitOutcome) => void
}

/** What one write holds: its text, the head it wrote, and the leave request objects it wrote, per file. */
interface Plan {
  kind: 'snapshot' | 'append'
  seq: number
  text: string
  head: HeadTexts
  records: JournalLine['records']
  counts: [string, number][]
}

export class StateCommitter {
  private writing: Promise<void> | null = null
  /** Changes made since the write in progress took its snapshot. */
  private waiting: Waiter[] = []
  private seq: number
  private journalBytes: number
  private snapshotBytes: number
  private snapshotNeeded: boolean
  private journal: DurableHandle | null = null
  private lastHead: HeadTexts
  /** Leave request objects the disk holds as they are. */
  private durable = new WeakSet<object>()
  private recordCounts = new Map<string, number>()
  /** The state before anything was written, for a first write that fails. */
  private readonly initial: string | null

  constructor(private readonly options: StateCommitterOptions) {
    this.seq = options.found?.seq ?? 0
    this.journalBytes = options.found?.journalBytes ?? 0
    this.snapshotBytes = options.found?.snapshotBytes ?? 0
    this.snapshotNeeded = options.found === null
    this.initial = options.found === null ? JSON.stringify(options.state()) : null
    this.lastHead = this.markAllDurable()
  }

  commit(): Promise<CommitOutcome> {
    return new Promise((resolve) => {
      this.waiting.push({ resolve })
      if (!this.writing) this.writing = this.writeLoop()
    })
  }

  /** The stores changed a record in place (test support): the next write is a whole snapshot. */
  snapshotNext(): void {
    this.snapshotNeeded = true
  }

  /** Resolves once nothing is waiting to be written (used by close()). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing
    await this.closeJournal()
  }

  private async writeLoop(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0)
      const plan = this.plan()
      try {
        await this.write(plan)
        this.seq = plan.seq
        this.lastHead = plan.head
        // Only what this write held: records changed while it was on its way go with the next one.
        if (plan.kind === 'snapshot') this.durable = new WeakSet()
        for (const [, record] of plan.records) this.durable.add(record)
        this.recordCounts = new Map(plan.counts)
        for (const waiter of batch) waiter.resolve({ ok: true, value: undefined })
      } catch (error) {
        // Changes made after this snapshot build on the refused ones, so they are refused too.
        const refused = [...batch, ...this.waiting.splice(0)]
        await this.takeBack()
        const failure = failureOf(error)
        for (const waiter of refused) waiter.resolve({ ok: false, error: failure })
      }
    }
    this.writing = null
  }

  /** What to write, decided and serialised at once (the stores change while the write is on its way). */
  private plan(): Plan {
    const state = this.options.state()
    const seq = this.seq + 1
    const head = headTexts(state)
    const files = Object.entries(state.leaves.files)
    const counts = files.map(([id, file]): [string, number] => [id, file.leaveRequests.length])
    const shrank = counts.some(([id, count]) => count < (this.recordCounts.get(id) ?? 0))
    if (this.snapshotNeeded || shrank || this.journalBytes > Math.max(MIN_JOURNAL_BYTES, this.snapshotBytes)) {
      const records = files.flatMap(([id, file]) => file.leaveRequests.map((record): JournalRecord => [id, record, null]))
      return { kind: 'snapshot', seq, text: JSON.stringify({ ...state, commitSeq: seq } satisfies PersistedState), head, records, counts }
    }
    const records: JournalLine['records'] = []
    for (const [id, file] of files) {
      for (const record of file.leaveRequests) if (!this.durable.has(record)) records.push([id, record, file.versions?.[record.Id] ?? null])
    }
    return { kind: 'append', seq, text: journalLineText(seq, head, this.lastHead, records), head, records, counts }
  }

  private async write(plan: Plan): Promise<void> {
    if (plan.kind === 'snapshot') {
      await writeFileDurably(this.options.fs, this.options.path, plan.text)
      this.snapshotBytes = Buffer.byteLength(plan.text)
      this.snapshotNeeded = false
      // The snapshot holds every line; a journal left by a crash before this unlink is skipped by number.
      await this.closeJournal()
      await this.options.fs.unlink(journalPathOf(this.options.path)).catch(() => undefined)
      this.journalBytes = 0
      return
    }
    this.journal ??= await openForAppending(this.options.fs, journalPathOf(this.options.path))
    await appendDurably(this.journal, plan.text)
    this.journalBytes += Buffer.byteLength(plan.text)
  }

  /** After a failed write: the journal back to its last whole line, the stores back to what the disk holds. */
  private async takeBack(): Promise<void> {
    await this.closeJournal()
    const journalPath = journalPathOf(this.options.path)
    try {
      if (this.journalBytes === 0) await this.options.fs.unlink(journalPath).catch(ignoreMissing)
      else await this.options.fs.truncate(journalPath, this.journalBytes)
    } catch {
      // A torn line stays: the next write must be a snapshot, which makes the journal irrelevant.
      this.snapshotNeeded = true
    }
    const state = this.options.load(this.journalBytes) ?? (JSON.parse(this.initial ?? 'null') as PersistedState)
    this.options.restore(state)
    this.lastHead = this.markAllDurable()
  }

  /** Right after loading or restoring, when the stores hold exactly what the disk does. */
  private markAllDurable(): HeadTexts {
    const state = this.options.state()
    this.durable = new WeakSet()
    this.recordCounts = new Map()
    for (const [id, file] of Object.entries(state.leaves.files)) {
      for (const record of file.leaveRequests) this.durable.add(record)
      this.recordCounts.set(id, file.leaveRequests.length)
    }
    return headTexts(state)
  }

  private async closeJournal(): Promise<void> {
    const journal = this.journal
    this.journal = null
    await journal?.close().catch(() => undefined)
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as { code?: string } | null)?.code !== 'ENOENT') throw error
}

function failureOf(error: unknown): CommitFailure {
  const code = (error as { code?: unknown } | null)?.code
  const named = typeof code === 'string' ? code : 'EIO'
  const diskFull = named === 'ENOSPC' || named === 'EDQUOT'
  const message = diskFull
    ? `The sandbox's disk is full (${named}): its data file could not be written, so nothing was stored.`
    : `The sandbox could not write its data file (${named}), so nothing was stored.`
  return { code: named, diskFull, message }
}
