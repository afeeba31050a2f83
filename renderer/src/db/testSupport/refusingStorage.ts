import { IDBObjectStore } from 'fake-indexeddb'

/**
 * fake-indexeddb refusing every write, as IndexedDB does when the disk is full: each put, add, delete
 * or clear throws QuotaExceededError, so Dexie's transaction fails and nothing of it is stored. Reads
 * keep working (they do on a full disk). Process-wide while on: every connection refuses, as the one
 * disk would.
 */
export interface RefusingStorage {
  /** Writes refused so far. */
  readonly refused: number
  refuse(): void
  accept(): void
  /** Puts the real methods back. */
  restore(): void
}

const WRITES = ['put', 'add', 'delete', 'clear'] as const

export function refusingStorage(): RefusingStorage {
  const proto = IDBObjectStore.prototype as unknown as Record<(typeof WRITES)[number], (...args: unknown[]) => unknown>
  const originals = Object.fromEntries(WRITES.map((name) => [name, proto[name]])) as Record<(typeof WRITES)[number], (...args: unknown[]) => unknown>
  let refusing = false
  let refused = 0
  for (const name of WRITES) {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      if (refusing) {
        refused += 1
        throw new DOMException('The disk is full.', 'QuotaExceededError')
      }
      return originals[name].apply(this, args)
    }
  }
  return {
    get refused() {
      return refused
    },
    refuse: () => void (refusing = true),
    accept: () => void (refusing = false),
    restore() {
      for (const name of WRITES) proto[name] = originals[name]
    }
  }
}
