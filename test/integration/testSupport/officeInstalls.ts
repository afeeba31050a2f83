import { dailyQuotaCounter, quotaLimitFor, type QuotaCounts } from '../../../main/api/dailyQuotaCounter'
import { createOfficeBudget } from '../../../main/api/officeBudget'
import { TURN_REQUESTS, turnLengthMs } from '../../../main/api/officeSlots'
import { requestRateLimiter } from '../../../main/api/requestRateLimiter'
import { startSandbox } from '../../../main/sandbox'
import type { ApiResult } from '../../../shared/apiError'
import type { OfficeSpend } from '../../../shared/ipc/officeShare'
import { teamSpendDocSchema } from '../../../shared/team/teamSpendDoc'
// The app's heartbeat: replicating more often only loads the one process all installs share here.
import { createOfficeBudgetKeeper, keepOfficeBudget, type OfficeBudgetKeeper, type OfficeView } from '../../../renderer/src/team/officeBudget'
import { NodePouch } from '../../teamServer/pouchdbForNode'
import { openTeamDatabases, replicateOnce } from '../../teamServer/teamHandles'
import { startTeamServer } from '../../teamServer/startTeamServer'
import { employeesOf, FILE_1001, queueDemoDrafts } from './demoDrafts'
import { officeTimeSpent, tracedLimiter, type OfficeTimeSpent, type TracedRequest } from './officeTrace'
import { startSyncTestbed, type SyncTestbed } from './syncTestbed'

/**
 * Several installs of Leave Desk on one payroll file at the live pace (issue 29's office budget): one
 * payroll sandbox enforcing 1 request a second and a daily quota, one team server, and per install its
 * own main (limiter and daily counter composed as main/backend.ts does, reading the office's budget),
 * its own IndexedDB and runner, and its page's heartbeat (renderer/src/team/officeBudget.ts) over its
 * replica. Used by the integration test and the bench (`office-rate`).
 */
export interface OfficeRun {
  installs: number
  requests: number
  /** From the three runs' start together to the last one's end (the first turn waits for its slot). */
  elapsedMs: number
  /** From the first insert's answer to the last's, across installs: `requests − 1` turns of the office. */
  answerSpanMs: number
  /** Requests the installs hold as in payroll at the end. */
  synced: number
  http429: number
  /** Inserts payroll stored (the sandbox's records), and inserts that reached it (a 429 among them is not stored). */
  payrollInserts: number
  insertsArrived: number
  /** When each 429 came back (ms after the first answer) and to which install: where turns met, if any. */
  turnedAway: Array<{ install: number; atMs: number }>
  /** The office's daily count: the sum of every install's spend document on the team server. */
  officeCount: number
  /** Each install's own count (main's daily counter), in install order. */
  perInstall: number[]
  /** The share each install ran with (last heartbeat before sending). */
  views: OfficeView[]
  /** Where the office's time went between its first release and its last (officeTrace.ts). */
  timeSpent: OfficeTimeSpent
  /** Every release and answer, ms after the first release: `install:released+roundTrip`. */
  trace: string[]
}

const RATE_PER_SECOND = 1
/** The limiter's default allowance (requestRateLimiter.ts), for the turns' length in the trace. */
const JITTER_ALLOWANCE_MS = 5
const DAILY_QUOTA = 5_000

/** `requestsEach`: per install, or one count for all (an uneven office: one with little to send lends its turns). */
export async function runOfficeAtLivePace(options: { installs: number; requestsEach: number | readonly number[] }): Promise<OfficeRun> {
  const sandbox = await startSandbox({ port: 0, ratePerSecond: RATE_PER_SECOND, dailyQuota: DAILY_QUOTA })
  const server = await startTeamServer()
  const opened: SyncTestbed[] = []
  const traced: TracedRequest[] = []
  const stops: Array<() => void> = []
  try {
    const employees = employeesOf(FILE_1001, 24)
    const perInstallEmployees = Math.floor(employees.length / options.installs)
    const installs = []
    for (let index = 0; index < options.installs; index += 1) {
      const office = createOfficeBudget()
      const counts: { value: QuotaCounts } = { value: {} }
      const quota = dailyQuotaCounter({
        limit: quotaLimitFor(DAILY_QUOTA),
        store: { load: async () => counts.value, save: async (next) => void (counts.value = next) },
        othersUsed: office.othersUsed
      })
      const limiter = tracedLimiter(requestRateLimiter({ perSecond: RATE_PER_SECOND, officeSlot: office.slot, onBusy: office.busy }), index, traced)
      const testbed = await startSyncTestbed({ stack: { sandbox, client: { limiter, quota }, office } })
      opened.push(testbed)
      const team = openTeamDatabases(`${server.url}/payroll-1001`, { installId: `desk-${index + 1}`, clerkName: `Clerk ${index + 1}` })
      const keeper = createOfficeBudgetKeeper({
        team: () => team,
        fileId: () => FILE_1001.fileId,
        share: async (share) => (await testbed.stack.dispatch('shareOfficeBudget', [share])) as ApiResult<OfficeSpend>,
        now: Date.now,
        teamReachable: () => true
      })
      const requests = typeof options.requestsEach === 'number' ? options.requestsEach : (options.requestsEach[index] ?? 0)
      const available = employees.slice(index * perInstallEmployees, (index + 1) * perInstallEmployees)
      const perEmployee = Math.ceil(requests / available.length)
      const mine = available.slice(0, Math.ceil(requests / perEmployee))
      const drafts = await queueDemoDrafts(testbed.repo, mine, perEmployee)
      installs.push({ testbed, team, keeper, quota, drafts: drafts.length })
    }
    // Every install says it is sending, until each sees all of them (replication is explicit here).
    let views: OfficeView[] = []
    const allSeen = () => views.length === options.installs && views.every((view) => view.of === options.installs)
    for (let round = 0; round < 10 && !allSeen(); round += 1) {
      views = []
      for (const install of installs) {
        await replicateOnce(install.team)
        views.push((await install.keeper.beat(true)) as OfficeView)
      }
    }
    // The app's heartbeat goes on while they send (keepOfficeBudget: sending until its own queue is done,
    // told at once when it is), each beat with a round of replication, as the app's live one would bring.
    const done = new Set<number>()
    for (const [index, install] of installs.entries()) {
      const replicating: OfficeBudgetKeeper = {
        async beat(sending) {
          await replicateOnce(install.team).catch(() => undefined)
          const view = await install.keeper.beat(sending)
          // What the heartbeat wrote goes to the server at once, as the app's live replication takes it.
          await NodePouch.replicate(install.team.local, install.team.remote).catch(() => undefined)
          return view
        }
      }
      stops.push(keepOfficeBudget(replicating, () => !done.has(index)))
    }
    const started = Date.now()
    await Promise.all(installs.map(async (install, index) => {
      await sendAll(install.testbed)
      done.add(index)
    }))
    const elapsedMs = Date.now() - started
    stops.splice(0).forEach((stop) => stop())
    for (const install of installs) {
      await install.keeper.beat(false)
      await replicateOnce(install.team)
    }
    const answered = installs.flatMap((install) => install.testbed.bridge.log.posts.flatMap((post) => (post.endedAt === undefined ? [] : [post.endedAt])))
    const answerSpanMs = Math.max(...answered) - Math.min(...answered)
    const perInstall = await Promise.all(installs.map((install) => install.quota.used(FILE_1001.fileId)))
    const { rows } = await installs[0]!.team.remote.allDocs({ include_docs: true, startkey: 'spend:', endkey: 'spend:\ufff0' })
    const officeCount = rows.reduce((sum, row) => sum + (teamSpendDocSchema.safeParse(row.doc).data?.count ?? 0), 0)
    return {
      installs: options.installs,
      requests: installs.reduce((sum, install) => sum + install.drafts, 0),
      elapsedMs,
      answerSpanMs,
      synced: (await Promise.all(installs.map(async (install) => (await install.testbed.repo.countByStatus(FILE_1001.fileId)).synced ?? 0))).reduce((sum, count) => sum + count, 0),
      http429: sandbox.stats.statusCount(429),
      payrollInserts: sandbox.store.leaveRequests(FILE_1001.fileId).length,
      insertsArrived: sandbox.stats.count('POST /Payroll/LeaveRequest'),
      turnedAway: installs.flatMap((install, index) =>
        install.testbed.bridge.log.posts.flatMap((post) => (post.outcome === 'rate-limited' ? [{ install: index, atMs: Math.round((post.endedAt ?? 0) - Math.min(...answered)) }] : []))
      ),
      officeCount,
      perInstall,
      views,
      timeSpent: officeTimeSpent(traced, turnLengthMs(RATE_PER_SECOND, JITTER_ALLOWANCE_MS), TURN_REQUESTS),
      trace: traceLines(traced)
    }
  } finally {
    stops.forEach((stop) => stop())
    for (const testbed of opened) await testbed.close()
    await server.stop()
    await sandbox.close()
  }
}

/**
 * Sends the install's queue; a request payroll turned away (429: not applied) waits for its backoff on
 * the testbed's hand-moved clock, which is moved on so it goes again, as the app's timer would send it.
 */
async function sendAll(testbed: SyncTestbed): Promise<void> {
  await testbed.runner.syncNow()
  for (let round = 0; round < 3 && (await testbed.repo.queue.countWaiting()) > 0; round += 1) {
    testbed.clock.advance(RETRY_WAIT_MS)
    await testbed.runner.syncNow()
  }
}

/** Longer than any backoff after a 429 (Retry-After of a second or two, with jitter). */
const RETRY_WAIT_MS = 5 * 60_000

function traceLines(traced: readonly TracedRequest[]): string[] {
  const first = Math.min(...traced.map((entry) => entry.releasedAt))
  return [...traced]
    .sort((a, b) => a.releasedAt - b.releasedAt)
    .map((entry) => `${entry.install + 1}:${entry.releasedAt - first}+${entry.answeredAt === undefined ? '?' : entry.answeredAt - entry.releasedAt}`)
}
