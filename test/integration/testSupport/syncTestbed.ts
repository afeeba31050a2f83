import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { createDraftsRepository, type DraftsRepository } from '../../../renderer/src/db/draftsRepository'
import { openLeaveDeskDb, type LeaveDeskDb } from '../../../renderer/src/db/leaveDeskDb'
import { inProcessLocks } from '../../../renderer/src/sync/syncLocks'
import { createSyncRunner } from '../../../renderer/src/sync/syncRunner'
import type { SyncLocks, SyncRunner } from '../../../renderer/src/sync/syncTypes'
import type { SandboxOptions } from '../../../main/sandbox'
import { STACK_PAYROLL, startMainStack, type MainStack, type StackOptions } from './mainStack'
import type { TeamClaims } from '../../../renderer/src/team/teamClaims'
import { manualClock, type ManualClock } from '../../../main/auth/testSupport/manualClock'
import { postLog, windowApi, type WindowApi } from './windowApi'

/**
 * Everything a sync test needs: main (sandbox, session, client, IPC dispatcher), signed in; a fresh fake
 * IndexedDB; and one app window (repository + runner) on a hand-moved clock. `openWindow` opens a second
 * window on the same database and the same lock, as a second Electron window would.
 */
export interface AppWindow {
  db: LeaveDeskDb
  repo: DraftsRepository
  bridge: WindowApi
  runner: SyncRunner
}

export interface SyncTestbed extends AppWindow {
  stack: MainStack
  clock: ManualClock
  locks: SyncLocks
  /**
   * Another window on the same database. `reload`: this page again after a reload — the page that held
   * the Web Lock is gone, so the lock is free (its request may still be out in main).
   */
  openWindow(options?: { reload?: boolean }): Promise<AppWindow>
  close(): Promise<void>
}

export interface TestbedOptions {
  sandbox?: SandboxOptions
  concurrency?: number
  /** Seed of the runner's jitter, so a failure can be replayed. */
  seed?: number
  signedIn?: boolean
  /** Start the first window's runner (on the empty queue, so it listens to main's events). Default true. */
  started?: boolean
  /** Another install on the same payroll: main's pieces of its own, this sandbox, its pace (mainStack.ts). */
  stack?: StackOptions
  /** The team ledger's claim before each insert, as the app composes it (team/teamClaims.ts). */
  teamClaims?: TeamClaims
}

const DB_NAME = 'leave-desk-sync-test'

export async function startSyncTestbed(options: TestbedOptions = {}): Promise<SyncTestbed> {
  const stack = await startMainStack(options.sandbox, options.stack)
  if (options.signedIn !== false) await stack.signIn()
  const factory = new IDBFactory()
  const clock = manualClock()
  const locks = inProcessLocks()
  const random = seededRandom(options.seed ?? 20260302)
  const log = postLog()
  const windows: AppWindow[] = []

  const openWindow = async (windowOptions: { reload?: boolean } = {}): Promise<AppWindow> => {
    const db = await openLeaveDeskDb(DB_NAME, { indexedDB: factory, IDBKeyRange })
    const repo = createDraftsRepository(db, { now: clock.now })
    const bridge = windowApi(stack, log)
    const runner = createSyncRunner({
      repo,
      api: bridge.api,
      locks: windowOptions.reload ? inProcessLocks() : locks,
      clock,
      random,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      offsetMinutesOf: () => 600,
      // As the app composes it: each write carries the payroll its database belongs to.
      payroll: STACK_PAYROLL,
      ...(options.teamClaims ? { teamClaims: options.teamClaims } : {})
    })
    const window = { db, repo, bridge, runner }
    windows.push(window)
    return window
  }

  const first = await openWindow()
  if (options.started !== false) await first.runner.start()
  return {
    ...first,
    stack,
    clock,
    locks,
    openWindow,
    async close() {
      for (const window of windows) {
        window.runner.stop()
        window.db.close()
      }
      await stack.close()
    }
  }
}

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
