import { describe, expect, it, vi } from 'vitest'
import { OTHER_WINDOW_MESSAGE } from '../../renderer/src/sync/syncRunner'
import { employeesOf, FILE_1001, FILE_1002, queueDemoDrafts } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/** Two windows of the app share the database and the lock: only one of them sends at a time. */
const startTestbed = syncTestbedClosedAfterEach()

describe('two windows', () => {
  it('while one window is sending, the other does not start: it says so, and nothing is posted twice', async () => {
    const t = await startTestbed()
    const second = await t.openWindow()
    await second.runner.start()
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 3), 2)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    t.bridge.beforePost = (index) => (index === 0 ? held : undefined)

    const firstWindow = t.runner.syncNow()
    await vi.waitFor(() => expect(t.bridge.log.inFlight()).toBe(1), { timeout: 10_000 })
    const secondWindow = await second.runner.syncNow()
    release()

    expect(secondWindow).toMatchObject({ ran: false, skipped: OTHER_WINDOW_MESSAGE })
    expect(await firstWindow).toMatchObject({ ran: true, synced: 6 })
    expect(await second.runner.syncNow()).toMatchObject({ ran: true, synced: 0 })
    await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(t.bridge.log.posts).toHaveLength(6)
  })

  it('both windows pressing "Sync now" again and again still post each draft exactly once', async () => {
    const t = await startTestbed()
    const second = await t.openWindow()
    await second.runner.start()
    const drafts = await queueDemoDrafts(t.repo, [...employeesOf(FILE_1001, 6), ...employeesOf(FILE_1002, 6)], 2)
    t.stack.sandbox.faults.add({ kind: 'latency', ms: 20, route: 'POST /Payroll/LeaveRequest' })

    for (let round = 0; round < 4; round += 1) {
      await Promise.all([t.runner.syncNow(), second.runner.syncNow(), t.runner.syncNow()])
    }

    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(24)
    expect(t.bridge.log.posts).toHaveLength(24)
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })
})
