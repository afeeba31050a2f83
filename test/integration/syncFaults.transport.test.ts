import { describe, expect, it, vi } from 'vitest'
import { employeesOf, FILE_1001, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants, syncUntilSettled } from './testSupport/queueChecks'
import { type SyncTestbed } from './testSupport/syncTestbed'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * Faults where the request certainly did not reach payroll, or payroll said "not now": the drafts go
 * back to the queue with a backoff (and Retry-After as a floor) and are all synced once the fault passes.
 */
const INSERT = 'POST /Payroll/LeaveRequest'
const startTestbed = syncTestbedClosedAfterEach()

async function setup(employees: number, perEmployee: number, concurrency = 4) {
  const testbed = await startTestbed({ concurrency })
  const drafts = await queueDemoDrafts(testbed.repo, employeesOf(FILE_1001, employees), perEmployee)
  return { ...testbed, drafts }
}

const statusOf = async (t: SyncTestbed, draft: DemoDraft) => (await t.repo.getDraft(draft.id))?.status

describe('sync faults: payroll not reached, or asked us to wait', () => {
  it('server down: the batch stops at once, everything stays queued, and all is synced when it is back', async () => {
    const t = await setup(8, 2)
    await t.stack.sandbox.faults.down()

    const first = await t.runner.syncNow()

    expect(first).toMatchObject({ ran: true, synced: 0, needsAttention: 0, uncertain: 0, waitingToRetry: 16 })
    // At most the four lanes already under way posted; the other employees' lanes never started.
    expect(t.bridge.log.posts.length).toBeLessThanOrEqual(4)
    for (const draft of t.drafts) {
      const stored = await t.repo.getDraft(draft.id)
      expect(stored?.status).toBe('queued')
      if (stored?.attempts) expect(stored.lastError?.code).toBe('network')
    }
    const untouched = await Promise.all(t.drafts.map((draft) => t.repo.getDraft(draft.id)))
    expect(untouched.filter((draft) => draft?.attempts === 0 && draft.lastError === undefined).length).toBeGreaterThanOrEqual(12)

    // Main now knows payroll is unreachable: no batch starts, nothing is posted.
    const offline = await t.runner.syncNow()
    expect(offline).toMatchObject({ ran: false, paused: { reason: 'offline' } })
    expect(t.runner.getProgress().paused?.reason).toBe('offline')
    const postsWhileDown = t.bridge.log.posts.length

    await t.stack.sandbox.faults.up()
    await t.stack.connectivity.checkNow()
    expect(t.runner.getProgress().paused).toBeUndefined()
    await syncUntilSettled(t.runner, t.repo, t.clock)

    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts: t.drafts })
    expect(byStatus.synced).toHaveLength(16)
    expect(t.bridge.log.posts.length).toBe(postsWhileDown + 16)
    expectCreationOrderKept(t.stack.sandbox, t.drafts)
  })

  // A 500 may follow a stored write, so it makes a draft Uncertain (syncFaults.unanswered); 503 is the
  // server failure that says "not applied".
  it('503 without Retry-After: those lanes stop and retry when the timer says; the other employees go ahead', async () => {
    const t = await setup(4, 2)
    t.stack.sandbox.faults.add({ kind: 'status', status: 503, route: INSERT, times: 2 })

    const first = await t.runner.syncNow()

    expect(first).toMatchObject({ ran: true, synced: 4, waitingToRetry: 4 })
    const failed = (await Promise.all(t.drafts.map((d) => t.repo.getDraft(d.id)))).filter((d) => d?.lastError)
    expect(failed).toHaveLength(2)
    for (const draft of failed) {
      expect(draft).toMatchObject({ status: 'queued', attempts: 1, lastError: { code: 'unavailable' } })
      // First failure: full jitter within 0–1 s.
      expect(draft?.nextAttemptAt).toBeGreaterThanOrEqual(t.clock.now())
      expect(draft?.nextAttemptAt).toBeLessThanOrEqual(t.clock.now() + 1_000)
      expect((await t.repo.listAttempts(draft!.id)).map((a) => [a.outcome, a.httpStatus])).toEqual([['unavailable', 503]])
    }
    expect(first.nextRetryAt).toBe(Math.min(...failed.map((d) => d!.nextAttemptAt!)))

    // The runner's own timer brings the next run.
    const wakeAt = Math.max(...t.clock.pending())
    t.clock.skip(wakeAt - t.clock.now())
    expect(t.clock.fireDue()).toBe(1)
    await vi.waitFor(() => expect(t.runner.getProgress().lastSummary).toMatchObject({ ran: true, synced: 4, waitingToRetry: 0 }), {
      timeout: 10_000
    })

    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts: t.drafts })
    expect(byStatus.synced).toHaveLength(8)
    expect(t.bridge.log.posts).toHaveLength(10)
    expectCreationOrderKept(t.stack.sandbox, t.drafts)
  })

  it.each([
    { status: 503 as const, retryAfter: '120', code: 'unavailable' },
    { status: 429 as const, retryAfter: '7', code: 'rate-limited' }
  ])('$status with Retry-After $retryAfter: not tried again before the server said, then synced', async ({ status, retryAfter, code }) => {
    const t = await setup(1, 2, 1)
    t.stack.sandbox.faults.add({ kind: 'status', status, retryAfter, route: INSERT, times: 1 })
    const waitMs = Number(retryAfter) * 1000
    const [first, second] = t.drafts as [DemoDraft, DemoDraft]

    const summary = await t.runner.syncNow()

    const failed = await t.repo.getDraft(first.id)
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, lastError: { code } })
    expect(failed?.nextAttemptAt).toBeGreaterThanOrEqual(t.clock.now() + waitMs)
    expect(summary.nextRetryAt).toBe(failed?.nextAttemptAt)
    expect(await statusOf(t, second)).toBe('queued')

    t.clock.skip(failed!.nextAttemptAt! - t.clock.now() - 1)
    expect(await t.runner.syncNow()).toMatchObject({ ran: true, synced: 0 })
    expect(t.bridge.log.posts).toHaveLength(1)

    t.clock.skip(1)
    expect(await t.runner.syncNow()).toMatchObject({ ran: true, synced: 2 })
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts: t.drafts })
    expect(byStatus.synced).toHaveLength(2)
    expectCreationOrderKept(t.stack.sandbox, t.drafts)
  })
})
