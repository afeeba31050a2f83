import type { LeaveDeskApi } from '../../../shared/ipc'
import { createDraftsRepository, openLeaveDeskDb, type DraftsRepository } from '../db'
import { createSyncRunner, type SyncRunner } from '../sync'

/** What every screen works with, created once per page. */
export interface AppServices {
  api: LeaveDeskApi
  repo: DraftsRepository
  runner: SyncRunner
}

let opening: Promise<AppServices> | null = null

/**
 * Opens the database, asks the browser to keep it (so storage pressure never evicts unsent drafts) and
 * starts the one sync runner. Memoised: a second caller gets the same services, never a second runner.
 * A failure is not memoised, so "Try again" really tries again.
 */
export function openAppServices(api: LeaveDeskApi): Promise<AppServices> {
  opening ??= open(api).catch((error: unknown) => {
    opening = null
    throw error
  })
  return opening
}

async function open(api: LeaveDeskApi): Promise<AppServices> {
  const db = await openLeaveDeskDb()
  // Claims are rare and must survive a power cut; every keystroke's autosave need not pay for that.
  const claimDb = await openLeaveDeskDb(undefined, { durability: 'strict' })
  void askForPersistentStorage()
  const repo = createDraftsRepository(db, { claimDb })
  const runner = createSyncRunner({ repo, api })
  void runner.start().catch((error: unknown) => console.warn('The sync queue did not start:', error))
  return { api, repo, runner }
}

/** Best effort: where the browser refuses or lacks the API, drafts are still saved, only evictable. */
async function askForPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage && !(await navigator.storage.persisted())) await navigator.storage.persist()
  } catch {
    // Nothing to tell the clerk: their drafts are saved either way.
  }
}
