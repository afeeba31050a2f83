import type { LeaveDeskApi } from '../../../shared/ipc'
import { createSyncRunner, type SyncRunner, type SyncSummary } from '../../../renderer/src/sync'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import type { SyncAnswers, TimedSync } from './benchApi'
import { session } from './benchSession'
import { page } from './pageDom'
import { summariseProfile, timedMethods } from './syncProfile'

/** The queue store's writes the runner makes per draft, timed for the profile. */
const QUEUE_WRITES = ['claim', 'recordOutcome'] as const

/** The real sync runner over the real repository, talking to main through `window.leaveDesk`. */

export async function timedSync(concurrency: number, answeredBy: SyncAnswers): Promise<TimedSync> {
  const { repo: plainRepo } = session()
  const sink = new Map<string, number[]>()
  const repo = { ...plainRepo, queue: timedMethods(plainRepo.queue, QUEUE_WRITES, 'queue', sink) }
  const plainApi = answeredBy === 'main' ? page.leaveDesk : { ...page.leaveDesk, insertLeaveRequest: answerInPage() }
  const api = timedMethods(plainApi, ['insertLeaveRequest'], 'api', sink)
  // Not started: a started runner would also run on its own (start-up, main's events), racing the timed run.
  const runner = createSyncRunner({ repo, api, concurrency })
  try {
    const started = performance.now()
    const summary = await runner.syncNow()
    const ms = performance.now() - started
    return { ms, summary, statusCounts: await plainRepo.countByStatus(BENCH_FILE_ID), profile: summariseProfile(sink) }
  } finally {
    runner.stop()
  }
}

/**
 * Payroll's answer made up in the page, with no IPC and no HTTP: what is left is the page's own share
 * of the queue's cost (Dexie, the runner, the checks), reported beside the full figure.
 */
function answerInPage(): LeaveDeskApi['insertLeaveRequest'] {
  let nextId = 1
  return async () => ({ ok: true, value: { Id: nextId++, LastModifiedDateUtc: new Date().toISOString() } })
}

let longLived: SyncRunner | undefined

/** As the app starts its runner: it then runs by itself when main says payroll is reachable again. */
export async function startRunner(): Promise<void> {
  longLived?.stop()
  longLived = createSyncRunner({ repo: session().repo, api: page.leaveDesk })
  await longLived.start()
}

export function nudgeRunner(): Promise<SyncSummary> {
  if (!longLived) throw new Error('Start the runner first.')
  return longLived.syncNow()
}

export async function bindingRoundTrips(calls: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now()
    await page.leaveDesk.getConnectivityStatus()
    times.push(performance.now() - started)
  }
  return times
}
