import type { LeaveDeskApi } from '../../../shared/ipc'
import { createDraftsRepository, DEFAULT_DB_NAME, openLeaveDeskDb, type DraftsRepository } from '../db'
import { createSyncRunner, type SyncRunner } from '../sync'
import { publishToTeam } from '../team/pageTeamLedger'
import { observeRecordedOutcomes } from '../team/publishingQueue'
import { currentTeam, noteClaimsShared, onClaimChanged, teamStore } from '../team/currentTeam'
import { createOfficeBudgetKeeper, keepOfficeBudget } from '../team/officeBudget'
import { officeDailyQuota } from '../team/officeSettings'
import { watchPossiblyTwice } from '../team/watchPossiblyTwice'
import { watchForTeamServerBack } from '../team/teamServerBack'
import { createTeamClaims } from '../team/teamClaims'

/** What every screen works with, created once per page. */
export interface AppServices {
  api: LeaveDeskApi
  repo: DraftsRepository
  runner: SyncRunner
  /** The drafts database open in this page: the one of the payroll main talks to (payroll/payrollDatabase.ts). */
  databaseName: string
}

let opening: Promise<AppServices> | null = null
let openingName: string | null = null

/**
 * Opens the database, asks the browser to keep it (so storage pressure never evicts unsent drafts) and
 * starts the one sync runner. Memoised: a second caller gets the same services, never a second runner.
 * A failure is not memoised, so "Try again" really tries again.
 */
export function openAppServices(api: LeaveDeskApi, databaseName: string = DEFAULT_DB_NAME, payroll?: string): Promise<AppServices> {
  // One payroll per page: a switch of payroll reloads the page (payroll/switchPayroll.ts).
  if (opening && openingName !== databaseName) return Promise.reject(new Error('A page opens one payroll’s drafts only.'))
  openingName = databaseName
  opening ??= open(api, databaseName, payroll).catch((error: unknown) => {
    opening = null
    throw error
  })
  return opening
}

async function open(api: LeaveDeskApi, databaseName: string, payroll: string | undefined): Promise<AppServices> {
  const db = await openLeaveDeskDb(databaseName)
  // Claims are rare and must survive a power cut; every keystroke's autosave need not pay for that.
  const claimDb = await openLeaveDeskDb(databaseName, { durability: 'strict' })
  void askForPersistentStorage()
  const repo = createDraftsRepository(db, { claimDb })
  // Every request that left goes into the team ledger, when one is open (team/pageTeamLedger.ts).
  observeRecordedOutcomes(repo, publishToTeam)
  // Each write carries the payroll this database belongs to: main refuses it for any other.
  // The team claim before each insert reads the team of the moment: none until one is set up.
  const teamClaims = createTeamClaims({ team: currentTeam, now: Date.now, onShared: noteClaimsShared })
  const runner = createSyncRunner({ repo, api, teamClaims, ...(payroll === undefined ? {} : { payroll }) })
  void runner.start().catch((error: unknown) => console.warn('The sync queue did not start:', error))
  // The office's rate budget: a heartbeat while a team is set up (nothing happens without one).
  const office = createOfficeBudgetKeeper({
    team: currentTeam,
    fileId: () => teamStore.getState().fileId,
    share: (share) => api.shareOfficeBudget(share),
    now: Date.now,
    teamReachable: () => teamStore.getState().reachable,
    dailyQuota: officeDailyQuota
  })
  watchPossiblyTwice(currentTeam, repo, { claimChanged: onClaimChanged })
  watchForTeamServerBack(api)
  keepOfficeBudget(
    office,
    () => {
      const progress = runner.getProgress()
      return progress.running || (progress.waiting ?? 0) > 0
    },
    undefined,
    // A run that took on a request: a run with nothing to send announces nothing (it would cost colleagues pace).
    (listener) => runner.progress.subscribe((now, before) => (takesOnWork(now) && !takesOnWork(before) ? listener() : undefined))
  )
  return { api, repo, runner, databaseName }
}

function takesOnWork(progress: { running: boolean; total: number }): boolean {
  return progress.running && progress.total > 0
}

/** Best effort: where the browser refuses or lacks the API, drafts are still saved, only evictable. */
async function askForPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage && !(await navigator.storage.persisted())) await navigator.storage.persist()
  } catch {
    // Nothing to tell the clerk: their drafts are saved either way.
  }
}
