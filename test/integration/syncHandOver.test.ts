import { describe, expect, it, vi } from 'vitest'
import { employeesOf, FILE_1001, queueDemoDrafts } from './testSupport/demoDrafts'
import { writesInMain } from './testSupport/mainWrites'
import { expectQueueInvariants, recordsFor, syncUntilSettled } from './testSupport/queueChecks'
import { type SyncTestbed } from './testSupport/syncTestbed'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * The page hands its claimed drafts over to main early; main puts four on the wire and holds the rest
 * (main/api/wirePool.ts). What main holds was never sent: when the batch stops, or the page reloads,
 * those go back to the queue as if never claimed, and are sent exactly once later.
 */
const startTestbed = syncTestbedClosedAfterEach()

/** Eight employees, two drafts each; payroll holds every write it gets: four on the wire, four held in main. */
async function eightHandedOver() {
  const t = await startTestbed({ renounce: true })
  const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 8), 2)
  const release = t.stack.holdWrites()
  const run = t.runner.syncNow()
  await vi.waitFor(async () => expect(await writesInMain(t)).toHaveLength(8), { timeout: 5_000, interval: 20 })
  return { t, drafts, release, run }
}

const statuses = async (t: SyncTestbed, ids: readonly string[]) => Promise.all(ids.map(async (id) => (await t.repo.getDraft(id))?.status))

describe('writes handed over to main before their turn on the wire', () => {
  it('stopping the sync takes back what main still holds: queued as if never claimed, then sent exactly once', async () => {
    const { t, drafts, release, run } = await eightHandedOver()
    const handedOver = (await writesInMain(t)).map((write) => write.requestKey.split(':')[0] as string)

    t.runner.stop()
    // Main withdraws the four it held: only the four already on the wire are still out.
    await vi.waitFor(async () => expect(await writesInMain(t)).toHaveLength(4), { timeout: 5_000, interval: 20 })
    release()
    expect(await run).toMatchObject({ synced: 4, uncertain: 0, needsAttention: 0 })

    const after = await statuses(t, handedOver)
    expect(after.filter((status) => status === 'synced')).toHaveLength(4)
    const givenBack = handedOver.filter((_, index) => after[index] === 'queued')
    expect(givenBack).toHaveLength(4)
    for (const id of givenBack) {
      // The attempt that never left is not counted, and nothing says it failed.
      expect(await t.repo.getDraft(id)).toMatchObject({ status: 'queued', attempts: 0 })
      expect((await t.repo.getDraft(id))?.lastError).toBeUndefined()
      expect(await t.repo.listAttempts(id)).toEqual([])
    }
    expect(t.stack.sandbox.store.leaveRequests(FILE_1001.fileId)).toHaveLength(4)

    const next = await t.openWindow()
    await syncUntilSettled(next.runner, next.repo, t.clock)
    const byStatus = await expectQueueInvariants({ repo: next.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(16)
    for (const draft of drafts) expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
  })

  it('payroll unreachable mid-batch: nothing is sent twice, nothing is uncertain, all synced once it is back', async () => {
    const { t, drafts, release, run } = await eightHandedOver()
    await t.stack.sandbox.faults.down()
    release()
    // The four on the wire fail; main may put a held one on the wire before the page's renouncement
    // lands (it fails the same way, certainly not applied); the rest come back withdrawn, uncounted.
    expect(await run).toMatchObject({ synced: 0, uncertain: 0, needsAttention: 0 })
    expect(await t.repo.db.drafts.where('status').equals('queued').count()).toBe(16)
    expect(t.stack.sandbox.store.leaveRequests(FILE_1001.fileId)).toHaveLength(0)

    await t.stack.sandbox.faults.up()
    await t.stack.connectivity.checkNow()
    await syncUntilSettled(t.runner, t.repo, t.clock)
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(16)
  })

  it('a reload while main holds writes: the reloaded page renounces them and queues them again, uncounted, and each is sent once', async () => {
    const t = await startTestbed({ renounce: true })
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 8), 1)
    const release = t.stack.holdWrites()
    void t.runner.syncNow()
    await vi.waitFor(async () => expect(await writesInMain(t)).toHaveLength(8), { timeout: 5_000, interval: 20 })
    // The page goes away: main drops what it held for it (never sent); the four on the wire go on.
    t.bridge.pageGone()
    t.runner.stop()
    t.db.close()
    release()
    await vi.waitFor(async () => expect(await writesInMain(t)).toEqual([]), { timeout: 10_000, interval: 50 })
    const onTheWire = drafts.filter((draft) => recordsFor(t.stack.sandbox, draft).length === 1)
    expect(onTheWire).toHaveLength(4)

    const page = await t.openWindow({ reload: true })
    await page.runner.start()
    // Recovery renounced the four main held (never sent): queued again with the attempt not counted,
    // and sent once by the run that followed. Those on the wire keep their one attempt and record.
    for (const draft of drafts.filter((d) => !onTheWire.includes(d))) {
      await vi.waitFor(async () => expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'synced', attempts: 1 }), { timeout: 5_000, interval: 20 })
    }
    for (const draft of drafts) expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
    for (const draft of onTheWire) expect(['synced', 'uncertain']).toContain((await page.repo.getDraft(draft.id))?.status)
  })
})
