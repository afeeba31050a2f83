import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { DEMO_CREDENTIALS } from '../../../main/sandbox'
import { boundPage } from '../../../main/testSupport/boundPage'
import type { ApiResult } from '../../../shared/apiError'
import type { InvokeName, LeaveDeskApi } from '../../../shared/ipc'
import { payrollKeyOf } from '../../../shared/ipc/writesInFlight'
import { createDraftsRepository, openLeaveDeskDb, type DraftsRepository } from '../../../renderer/src/db'
import { refreshReferenceData } from '../../../renderer/src/reference/refreshReferenceData'
import { createSyncRunner, type SyncRunner } from '../../../renderer/src/sync'
import { inProcessLocks } from '../../../renderer/src/sync/syncLocks'
import { startMainServices } from '../../e2e/harness/mainServices'
import { employeesOf, FILE_1001, queueDemoDrafts } from '../../integration/testSupport/demoDrafts'
import type { Section } from './benchReport'
import { round } from './statistics'

/**
 * apiRequestsPerSyncedDraft: a simulated clerk's day against main's real services (a remote payroll,
 * paced and counted as the app does; pace raised to 50/s so the day takes seconds, which changes no
 * count): sign-in, reference refresh, 300 inserts, a reconnect, a token refresh, 20 updates. Every
 * request payroll answered, divided by the writes payroll applied. The daily quota is the scarcest thing
 * a payroll file has: every request beyond the writes themselves spends it.
 */
const INSERTS = 300
const UPDATES = 20
const TARGET = 1.05
const FILE_ID = FILE_1001.fileId
const INSERT_ROUTE = 'POST /Payroll/LeaveRequest'
const UPDATE_ROUTE = 'PUT /Payroll/LeaveRequest/{id}'

export async function measureClerkDay(): Promise<Section> {
  const main = await startMainServices()
  const page = boundPage(main.running.services)
  const db = await openLeaveDeskDb('bench-clerk-day', { indexedDB: new IDBFactory(), IDBKeyRange })
  let runner: SyncRunner | undefined
  try {
    const invoke = async (name: InvokeName, ...args: unknown[]) => structuredClone(await page.invoke(name, ...args))
    const api = windowApi(invoke, main.running.services)
    const repo = createDraftsRepository(db)
    const signedIn = await invoke('signInWithPassword', DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
    if (!signedIn.ok) throw new Error(`The clerk could not sign in: ${signedIn.error.message}`)
    const refreshed = await refreshReferenceData(api, repo, FILE_ID)
    if (!refreshed.ok) throw new Error(`The reference refresh failed: ${refreshed.message}`)
    runner = createSyncRunner({ repo, api, locks: inProcessLocks(), payroll: payrollKeyOf(main.running.backend().info) })

    const drafts = await queueDemoDrafts(repo, employeesOf(FILE_1001, 20), INSERTS / 20)
    await syncAll(runner, repo)
    // A reconnect: payroll goes away and comes back; main's probes find out.
    await main.sandbox.faults.down()
    await invoke('checkConnectivity')
    await main.sandbox.faults.up()
    await invoke('checkConnectivity')
    // The access token expires: the next call refreshes it once.
    main.sandbox.store.expireAccessTokens()
    for (const draft of drafts.slice(0, UPDATES)) {
      const decided = await repo.inPayroll.decide(draft.id, 'Approved')
      if (!decided.ok) throw new Error(`Could not change a request in payroll: ${decided.error.message}`)
    }
    await syncAll(runner, repo)

    const stats = main.sandbox.stats
    const requests = answeredRequests(stats)
    // What payroll holds: one record per insert, and the updates' new status (a 401 before a refresh is not a write).
    const held = main.sandbox.store.leaveRequests(FILE_ID)
    const inserted = drafts.filter((draft) => held.some((record) => record.Notes === draft.content.notes)).length
    const updated = drafts.slice(0, UPDATES).filter((draft) => held.find((record) => record.Notes === draft.content.notes)?.Status === 'Approved').length
    const applied = inserted + updated
    const counts = await repo.countByStatus(FILE_ID)
    const perWrite = requests / applied
    const valid = counts.synced === INSERTS && held.length === INSERTS && applied === INSERTS + UPDATES
    return {
      name: 'clerk-day',
      rows: [
        {
          figure: `A clerk's day (sign-in, reference refresh, ${INSERTS} inserts, a reconnect, a token refresh, ${UPDATES} updates): payroll requests per write payroll applied`,
          value: `${round(perWrite, 3)} (${requests} requests for ${applied} writes${valid ? '' : `; INVALID: ${counts.synced} synced, ${held.length} records`})`,
          target: `≤ ${TARGET}`,
          met: valid && perWrite <= TARGET
        }
      ],
      figures: { apiRequestsPerSyncedDraft: round(perWrite, 3) },
      details: {
        inserts: INSERTS,
        updates: UPDATES,
        requests,
        applied,
        byRoute: Object.fromEntries(
          ['POST /authorisation/token', 'POST /authorisation/refresh', INSERT_ROUTE, UPDATE_ROUTE, 'GET /Payroll/LeaveRequest/{id}'].map((route) => [route, stats.count(route)])
        ),
        statusCounts: counts
      }
    }
  } finally {
    runner?.stop()
    db.close()
    page.dispose()
    await main.close()
  }
}

/** Runs until nothing is queued: a run stops its lanes at the first request that does not sync. */
async function syncAll(runner: SyncRunner, repo: DraftsRepository): Promise<void> {
  for (let run = 0; run < 20; run += 1) {
    await runner.syncNow()
    if ((await repo.queue.countWaiting()) === 0) return
  }
  throw new Error('The queue did not empty in 20 runs.')
}

/** Every request the sandbox answered, whatever its route: the sum over the statuses it sent. */
function answeredRequests(stats: { statusCount(status: number): number }): number {
  let total = 0
  for (let status = 100; status < 600; status += 1) total += stats.statusCount(status)
  return total
}

/** The part of `window.leaveDesk` the queue and the reference refresh use, through main's IPC binding. */
function windowApi(
  invoke: (name: InvokeName, ...args: unknown[]) => Promise<ApiResult<unknown>>,
  services: Pick<LeaveDeskApi, 'onSessionChanged' | 'onConnectivityChanged'>
): Parameters<typeof createSyncRunner>[0]['api'] & Pick<LeaveDeskApi, 'listEntitlements' | 'listEmployees'> {
  const call =
    <K extends keyof LeaveDeskApi>(name: K & InvokeName) =>
    (...args: unknown[]) =>
      invoke(name, ...args) as unknown as ReturnType<LeaveDeskApi[K] extends (...a: never[]) => infer R ? () => R : never>
  return {
    insertLeaveRequest: call('insertLeaveRequest'),
    putLeaveRequest: call('putLeaveRequest'),
    getLeaveRequest: call('getLeaveRequest'),
    listWritesInFlight: call('listWritesInFlight'),
    takeSettledWrites: call('takeSettledWrites'),
    getConnectivityStatus: call('getConnectivityStatus'),
    getSessionStatus: call('getSessionStatus'),
    listEntitlements: call('listEntitlements'),
    listEmployees: call('listEmployees'),
    onSessionChanged: (listener) => services.onSessionChanged(listener),
    onConnectivityChanged: (listener) => services.onConnectivityChanged(listener)
  }
}
