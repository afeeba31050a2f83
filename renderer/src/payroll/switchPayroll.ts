import type { ApiResult } from '../../../shared/apiError'
import type { LeaveDeskApi, Settings, SettingsPatch } from '../../../shared/ipc'
import type { DraftsRepository, LeaveDeskDb } from '../db'
import type { SyncRunner } from '../sync'

/** Requests of this payroll still on their way: waiting in the queue, or being sent right now. */
export interface OutgoingCounts {
  queued: number
  sending: number
}

export async function countOutgoing(db: LeaveDeskDb): Promise<OutgoingCounts> {
  const [queued, sending] = await Promise.all([
    db.drafts.where('status').equals('queued').count(),
    db.drafts.where('status').equals('sending').count()
  ])
  return { queued, sending }
}

/**
 * Moves the app to another payroll without any request of this one going astray:
 * 1. stop this page's queue and wait for the run in flight to record how its requests ended, so no draft
 *    is left 'sending' (a request main had already started goes to the payroll it was written for);
 * 2. anything still 'sending' after that cannot be finished by this page: it becomes Uncertain, as it
 *    would after a crash, never 'sending';
 * 3. only then tell main to switch. Queued drafts stay queued in this payroll's database, which the next
 *    payroll's queue never opens: they go out when the clerk comes back to this payroll.
 * The caller reloads the page on success, which opens the new payroll's database.
 */
export interface SwitchDeps {
  api: Pick<LeaveDeskApi, 'updateSettings'>
  runner: Pick<SyncRunner, 'stop' | 'syncNow'>
  repo: Pick<DraftsRepository, 'queue'>
}

export async function switchPayroll(services: SwitchDeps, patch: SettingsPatch): Promise<ApiResult<Settings>> {
  services.runner.stop()
  await services.runner.syncNow()
  await services.repo.queue.recoverInterruptedSends()
  return services.api.updateSettings(patch)
}
