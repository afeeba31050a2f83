import type { Result } from '../../shared/result'
import { writeFileDurably, type DurableFs } from './durableFile'

/**
 * Makes the sandbox's changes durable before they are acknowledged. A route changes the in-memory stores,
 * then awaits commit(): the answer goes out only once a write that includes the change has been fsync'd.
 *
 * Writes are coalesced: while one write is on its way to disk, every change that arrives waits for the
 * next one, and that single write acknowledges all of them. If a write fails, the stores are put back to
 * the last state that reached the disk and every change not yet durable is refused — so a 5xx from the
 * sandbox always means "not stored", and a later request never sees a record the disk does not hold.
 */

export type CommitFailure = { code: string; diskFull: boolean; message: string }
export type CommitOutcome = Result<void, CommitFailure>

export interface StateCommitterOptions {
  path: string
  fs: DurableFs
  /** The state to write, serialised now (the stores may change while the write is in progress). */
  serialise: () => string
  /** Puts the stores back to a state serialise() produced. */
  restore: (text: string) => void
}

interface Waiter {
  resolve: (outcome: CommitOutcome) => void
}

export class StateCommitter {
  private lastDurable: string
  private writing: Promise<void> | null = null
  /** Changes made since the write in progress took its snapshot. */
  private waiting: Waiter[] = []

  constructor(private readonly options: StateCommitterOptions) {
    this.lastDurable = options.serialise()
  }

  commit(): Promise<CommitOutcome> {
    return new Promise((resolve) => {
      this.waiting.push({ resolve })
      if (!this.writing) this.writing = this.writeLoop()
    })
  }

  /** Resolves once nothing is waiting to be written (used by close()). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing
  }

  private async writeLoop(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0)
      const text = this.options.serialise()
      try {
        await writeFileDurably(this.options.fs, this.options.path, text)
        this.lastDurable = text
        for (const waiter of batch) waiter.resolve({ ok: true, value: undefined })
      } catch (error) {
        // Changes made after this snapshot build on the refused ones, so they are refused too.
        const refused = [...batch, ...this.waiting.splice(0)]
        this.options.restore(this.lastDurable)
        const failure = failureOf(error)
        for (const waiter of refused) waiter.resolve({ ok: false, error: failure })
      }
    }
    this.writing = null
  }
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
