import type { SyncLocks } from './syncTypes'

/** The name every window of the app asks for, so only one of them sends at a time. */
export const SYNC_LOCK_NAME = 'leave-desk:sync'

/** The part of the DOM's LockManager used here, typed locally so this file also compiles for Node tests. */
export interface WebLockManager {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T | undefined>
}

/**
 * Web Locks (`navigator.locks`), shared by every window of the same origin and released by the browser
 * when a window dies, so a crashed window never blocks the queue. `ifAvailable`: a window that finds the
 * lock taken does not wait; the window holding it is already sending.
 */
export function webLocks(locks: WebLockManager): SyncLocks {
  return {
    async runIfAvailable(name, work) {
      let ran = false
      const value = await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (!lock) return undefined
        ran = true
        return work()
      })
      return ran ? { ran: true, value: value as NonNullable<typeof value> } : { ran: false }
    }
  }
}

/**
 * The same contract inside one JavaScript realm: for tests (two runners sharing one instance are two
 * windows) and for a page without Web Locks.
 */
export function inProcessLocks(): SyncLocks {
  const held = new Set<string>()
  return {
    async runIfAvailable(name, work) {
      if (held.has(name)) return { ran: false }
      held.add(name)
      try {
        return { ran: true, value: await work() }
      } finally {
        held.delete(name)
      }
    }
  }
}

/** Web Locks where the page has them; otherwise one lock per page (a single window cannot race itself). */
export function defaultLocks(): SyncLocks {
  const manager = (globalThis as { navigator?: { locks?: WebLockManager } }).navigator?.locks
  return manager ? webLocks(manager) : inProcessLocks()
}
