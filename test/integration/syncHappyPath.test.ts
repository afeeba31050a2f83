import { describe, expect, it } from 'vitest'
import { employeesOf, FILE_1001, FILE_1002, queueDemoDrafts } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

const startTestbed = syncTestbedClosedAfterEach()

describe('the sync queue against the sandbox, nothing going wrong', () => {
  it('sends every queued draft once, keeps payroll’s Id, and writes the sync history', async () => {
    const { repo, runner, stack, bridge } = await startTestbed()
    const drafts = await queueDemoDrafts(repo, [...employeesOf(FILE_1001, 3), ...employeesOf(FILE_1002, 2)], 3)

    const summary = await runner.syncNow()

    expect(summary).toMatchObject({ ran: true, synced: 15, needsAttention: 0, uncertain: 0, waitingToRetry: 0 })
    const byStatus = await expectQueueInvariants({ repo, sandbox: stack.sandbox, log: bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(15)
    expect(bridge.log.posts).toHaveLength(15)
    expectCreationOrderKept(stack.sandbox, drafts)
    const history = [...(await repo.listSyncHistory(1001)), ...(await repo.listSyncHistory(1002))]
    expect(history).toHaveLength(15)
    expect(history.every((entry) => entry.serverId !== undefined && !entry.markedByClerk)).toBe(true)
    expect(runner.getProgress()).toMatchObject({ running: false, lastSummary: { synced: 15 } })
    // Sign-in, lists and every insert named the API version the vendor asks for.
    expect(stack.sandbox.stats.count('POST /Payroll/LeaveRequest')).toBe(15)
    expect(stack.sandbox.stats.withoutApiVersion()).toBe(0)
  })
})
