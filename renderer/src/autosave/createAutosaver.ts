/**
 * Writes every change as it happens, so a reload or a crash loses at most the last keystroke. While a
 * draft's write is in flight, later changes to that draft are coalesced: only the newest waits, and it
 * is written as soon as the earlier write ends (latest wins; the ones in between were already
 * superseded). Drafts are independent, so switching drafts never delays the previous one's save.
 */
export interface Autosaver<T> {
  save(id: string, value: T): void
  /**
   * Starts every waiting write at once, without waiting for the one in flight (the page is going away).
   * Safe because IndexedDB runs read-write transactions on the same table in the order they were made.
   */
  flushNow(): void
  /** Resolves when every change so far is written (or has failed and been reported). */
  whenIdle(): Promise<void>
}

export interface AutosaverOptions<T> {
  write(id: string, value: T): Promise<void>
  /** A write that failed; the next change tries again with the newest content. */
  onError(id: string, error: unknown): void
}

interface Slot<T> {
  running: number
  waiting: { value: T } | null
}

export function createAutosaver<T>({ write, onError }: AutosaverOptions<T>): Autosaver<T> {
  const slots = new Map<string, Slot<T>>()
  const inFlight = new Set<Promise<void>>()

  function start(id: string, slot: Slot<T>, value: T): void {
    slot.running += 1
    const run: Promise<void> = write(id, value)
      .catch((error: unknown) => onError(id, error))
      .then(() => {
        inFlight.delete(run)
        slot.running -= 1
        if (slot.running > 0) return
        const next = slot.waiting
        slot.waiting = null
        if (next) start(id, slot, next.value)
        else slots.delete(id)
      })
    inFlight.add(run)
  }

  return {
    save(id, value) {
      const slot = slots.get(id) ?? { running: 0, waiting: null }
      slots.set(id, slot)
      if (slot.running > 0) slot.waiting = { value }
      else start(id, slot, value)
    },
    flushNow() {
      for (const [id, slot] of slots) {
        const next = slot.waiting
        slot.waiting = null
        if (next) start(id, slot, next.value)
      }
    },
    async whenIdle() {
      while (inFlight.size > 0) await Promise.all(inFlight)
    }
  }
}
