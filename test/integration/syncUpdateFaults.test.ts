import { describe, expect, it, vi } from 'vitest'
import type { FaultRule } from '../../main/sandbox'
import type { ApiResult } from '../../shared/apiError'
import type { ChannelData } from '../../shared/ipc'
import type { SyncTestbed } from './testSupport/syncTestbed'
import { syncUntilSettled } from './testSupport/queueChecks'
import { draftOf, heldInPayroll, mustSucceed, syncedRequests, UPDATE_ROUTE, writesOf } from './testSupport/inPayroll'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * The PUT fault matrix: whatever happens to a change on its way to payroll, it ends synced (or, when
 * payroll changed meanwhile, "Changed in payroll") without the clerk, never uncertain, and payroll
 * applies it exactly once. The version the PUT carries is what makes re-sending safe.
 */
const startTestbed = syncTestbedClosedAfterEach()

/** Slower than main's headers timeout (500 ms): the client gives up, payroll carries on. */
const SLOWER_THAN_THE_TIMEOUT_MS = 1_500

const FAULTS: readonly [string, FaultRule][] = [
  ['answer dropped after commit', { kind: 'drop-after-commit' }],
  ['gateway 502 after commit', { kind: 'gateway-after-commit', status: 502 }],
  ['gateway 504 after commit', { kind: 'gateway-after-commit', status: 504 }],
  ['connection reset before commit', { kind: 'reset-before-commit' }],
  ['timeout (payroll applies it after the client gave up)', { kind: 'latency', ms: SLOWER_THAN_THE_TIMEOUT_MS }],
  ['500 before anything is stored', { kind: 'status', status: 500 }],
  ['503 unavailable', { kind: 'status', status: 503 }],
  ['429 slow down', { kind: 'status', status: 429, retryAfter: '1' }]
]

describe('a change to a request in payroll meets a fault on its PUT', () => {
  it.each(FAULTS)('%s: synced without the clerk, never uncertain, applied exactly once', async (_label, fault) => {
    const t = await startTestbed({ concurrency: 1 })
    const [request] = await syncedRequests(t)
    if (!request) throw new Error('no request')
    expect(writesOf(t, request)).toBe(1)

    mustSucceed(await t.repo.inPayroll.decide(request.id, 'Rejected'))
    t.stack.sandbox.faults.add({ ...fault, route: UPDATE_ROUTE, times: 1 })
    const statusesSeen: string[] = []
    await syncUntilSettled(t.runner, t.repo, t.clock, { beforeRun: async () => void statusesSeen.push((await draftOf(t, request.id)).status) })
    // A request payroll was still working on when the client gave up finishes (and is refused as stale).
    if (fault.kind === 'latency') await new Promise((resolve) => setTimeout(resolve, SLOWER_THAN_THE_TIMEOUT_MS + 200))

    const stored = await draftOf(t, request.id)
    expect(stored).toMatchObject({ status: 'synced', leaveStatus: 'Rejected', serverId: request.serverId })
    expect(stored.unconfirmedUpdate).toBeUndefined()
    expect(statusesSeen).not.toContain('uncertain')
    expect(stored.inPayroll?.lastModifiedDateUtc).toBe(heldInPayroll(t, request).LastModifiedDateUtc)
    expect(heldInPayroll(t, request).Status).toBe('Rejected')
    // Exactly one applied change for the one update, however many PUTs it took.
    expect(writesOf(t, request)).toBe(2)
    expect(t.bridge.log.updateCalls.filter((call) => call.method === 'PUT').length).toBeGreaterThanOrEqual(1)
  })

  it('a lost answer is settled by reading payroll: the change arrived, so nothing is sent again', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [request] = await syncedRequests(t)
    if (!request) throw new Error('no request')
    mustSucceed(await t.repo.inPayroll.decide(request.id, 'Rejected'))
    t.stack.sandbox.faults.add({ kind: 'drop-after-commit', route: UPDATE_ROUTE, times: 1 })

    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(t.bridge.log.updateCalls.map((call) => `${call.method} ${call.outcome}`)).toEqual(['PUT unknown-outcome', 'GET ok'])
    expect((await t.repo.listAttempts(request.id)).map((attempt) => attempt.outcome)).toEqual(['ok', 'decided', 'unknown-outcome', 'ok'])
  })

  it('an app closed mid-PUT recovers to a check, not to "uncertain", and the change is applied once', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [request] = await syncedRequests(t)
    if (!request) throw new Error('no request')
    mustSucceed(await t.repo.inPayroll.decide(request.id, 'Rejected'))
    // The claim is written, the PUT goes out and is applied; the page dies before the answer is recorded.
    const claim = await t.repo.queue.claim(request.id, { offsetMinutesOf: () => 600 })
    if (!claim.ok || claim.value.kind !== 'put') throw new Error('expected a PUT')
    expect((await t.stack.services.putLeaveRequest(request.fileId, request.serverId, claim.value.body)).ok).toBe(true)
    t.runner.stop()

    const reloaded = await t.openWindow({ reload: true })
    await reloaded.runner.start()
    await syncUntilSettled(reloaded.runner, reloaded.repo, t.clock)

    expect(await draftOf(reloaded, request.id)).toMatchObject({ status: 'synced', leaveStatus: 'Rejected' })
    expect((await reloaded.repo.listAttempts(request.id)).map((attempt) => attempt.outcome)).toEqual(['ok', 'decided', 'interrupted', 'ok'])
    expect(writesOf(t, request)).toBe(2)
    // Only a read: payroll already held the change, so it was not sent again.
    expect(t.bridge.log.updateCalls.map((call) => call.method)).toEqual(['GET'])
  })

  it('a page reloaded while main still has the PUT out waits for it, then settles by reading: one write, never uncertain', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [request] = await syncedRequests(t)
    if (!request) throw new Error('no request')
    mustSucceed(await t.repo.inPayroll.decide(request.id, 'Rejected'))
    const release = t.stack.holdWrites()
    void t.runner.syncNow()
    await vi.waitFor(async () => expect((await writesInFlight(t)).map((write) => write.requestKey)).toEqual([expect.stringMatching(`^${request.id}:2\\.`)]), { timeout: 5_000, interval: 20 })
    t.bridge.pageGone()
    t.runner.stop()
    t.db.close()

    const page = await t.openWindow({ reload: true })
    await page.runner.start()
    await page.runner.syncNow()
    // Main still has the first PUT: the reloaded page neither reads nor sends, and nothing is uncertain.
    expect(await draftOf(page, request.id)).toMatchObject({ status: 'queued', unconfirmedUpdate: { attempt: 2 } })
    expect(t.bridge.log.updateCalls.map((call) => call.method)).toEqual(['PUT'])

    release()
    await vi.waitFor(async () => expect(await writesInFlight(t)).toEqual([]), { timeout: 10_000, interval: 50 })
    await syncUntilSettled(page.runner, page.repo, t.clock)

    expect(await draftOf(page, request.id)).toMatchObject({ status: 'synced', leaveStatus: 'Rejected' })
    expect(t.bridge.log.updateCalls.map((call) => call.method)).toEqual(['PUT', 'GET'])
    expect(writesOf(t, request)).toBe(2)
  })
})

async function writesInFlight(t: SyncTestbed) {
  const listed = (await t.stack.dispatch('listWritesInFlight', [])) as ApiResult<ChannelData<'listWritesInFlight'>>
  if (!listed.ok) throw new Error(listed.error.message)
  return listed.value
}
