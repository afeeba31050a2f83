import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FaultRule } from '../../main/sandbox'
import { refusingStorage, type RefusingStorage } from '../../renderer/src/db/testSupport/refusingStorage'
import { INTERRUPTED_MESSAGE } from '../../renderer/src/db/queue'
import { STORAGE_FAILING_MESSAGE, STORAGE_RETRY_MS } from '../../renderer/src/sync/syncRunner'
import { employeesOf, FILE_1001, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { expectQueueInvariants, recordsFor } from './testSupport/queueChecks'
import { startSyncTestbed, type SyncTestbed } from './testSupport/syncTestbed'

/**
 * The local database refusing writes (a full disk): whatever payroll answers, no draft may stay
 * 'sending' with nothing scheduled, the clerk is told the computer's storage is failing, and once the
 * database works again each draft ends where payroll's answer puts it — never posted twice.
 */
const INSERT = 'POST /Payroll/LeaveRequest'
let testbed: SyncTestbed | undefined
let storage: RefusingStorage | undefined
afterEach(async () => {
  storage?.restore()
  storage = undefined
  await testbed?.close()
  testbed = undefined
})

/** One draft queued; the database starts refusing writes the moment its request leaves for payroll. */
async function sendWhileStorageFails(fault?: FaultRule) {
  testbed = await startSyncTestbed({ concurrency: 1 })
  const t = testbed
  const [draft] = (await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 1), 1)) as [DemoDraft]
  if (fault) t.stack.sandbox.faults.add({ ...fault, route: INSERT, times: 1 })
  const refusing = refusingStorage()
  storage = refusing
  t.bridge.beforePost = () => refusing.refuse()
  const first = await t.runner.syncNow()
  t.bridge.beforePost = undefined
  return { t, draft, first, refusing }
}

/** Fires the runner's due timer after `ms` and waits (bounded) for the run it starts to finish. */
async function wakeAfter(t: SyncTestbed, ms: number): Promise<void> {
  t.clock.skip(ms)
  const finishedBefore = t.runner.getProgress().lastSummary?.finishedAt
  const fired = t.clock.fireDue()
  expect(fired).toBe(1)
  await vi.waitFor(
    async () => {
      // A storage-skipped run leaves no summary behind; its timer being set again is the sign it ended.
      const ended = t.runner.getProgress().lastSummary?.finishedAt !== finishedBefore || t.clock.pending().length === 1
      expect(ended).toBe(true)
    },
    { timeout: 5_000, interval: 10 }
  )
}

/** The storage timer keeps coming for a whole day of a full disk; nothing more is posted meanwhile. */
async function aDayOfFullDisk(t: SyncTestbed, draft: DemoDraft): Promise<void> {
  expect(t.runner.getProgress().problem).toBe(STORAGE_FAILING_MESSAGE)
  expect(t.clock.pending()).toEqual([t.clock.now() + STORAGE_RETRY_MS])
  for (let hour = 0; hour < 24; hour += 6) {
    await wakeAfter(t, 6 * 3_600_000)
    expect(t.clock.pending()).toHaveLength(1)
    expect(t.runner.getProgress().problem).toBe(STORAGE_FAILING_MESSAGE)
  }
  expect(t.bridge.log.postsFor(draft.marker)).toHaveLength(1)
}

describe('the local database refusing writes (a full disk)', () => {
  it('payroll answered 503: never left "sending" with nothing scheduled; once storage works it goes back in the queue and is sent once', async () => {
    const { t, draft, refusing } = await sendWhileStorageFails({ kind: 'status', status: 503 })
    expect(refusing.refused).toBeGreaterThan(0)
    expect((await t.repo.getDraft(draft.id))?.status).toBe('sending')
    await aDayOfFullDisk(t, draft)

    refusing.accept()
    await wakeAfter(t, STORAGE_RETRY_MS)
    expect(t.runner.getProgress().problem).toBeUndefined()
    // Payroll's 503 is recorded as what it was, not as a send the app lost track of.
    expect((await t.repo.listAttempts(draft.id)).map((attempt) => attempt.outcome)).toEqual(['unavailable', 'ok'])
    expect(await t.repo.getDraft(draft.id)).toMatchObject({ status: 'synced' })
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
    expect(t.bridge.log.postsFor(draft.marker)).toHaveLength(2)
  })

  it('payroll accepted: synced with payroll’s Id once storage works, never posted again', async () => {
    const { t, draft, refusing } = await sendWhileStorageFails()
    const [record] = recordsFor(t.stack.sandbox, draft)
    await aDayOfFullDisk(t, draft)

    refusing.accept()
    await wakeAfter(t, STORAGE_RETRY_MS)
    expect(await t.repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: record?.Id })
    expect(t.runner.getProgress().problem).toBeUndefined()
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
    expect(t.bridge.log.postsFor(draft.marker)).toHaveLength(1)
  })

  it('a gateway lost payroll’s answer: uncertain with that reason (not "the app closed"), never posted again', async () => {
    const { t, draft, refusing } = await sendWhileStorageFails({ kind: 'gateway-after-commit', status: 502 })
    await aDayOfFullDisk(t, draft)

    refusing.accept()
    await wakeAfter(t, STORAGE_RETRY_MS)
    const stored = await t.repo.getDraft(draft.id)
    expect(stored).toMatchObject({ status: 'uncertain', lastError: { code: 'unknown-outcome' } })
    expect(stored?.lastError?.message).not.toBe(INTERRUPTED_MESSAGE)
    await t.runner.syncNow()
    expect(t.bridge.log.postsFor(draft.marker)).toHaveLength(1)
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
  })

  it('the claim itself is refused: nothing leaves, the draft stays queued, the clerk is told, and it goes once storage works', async () => {
    testbed = await startSyncTestbed({ concurrency: 1 })
    const t = testbed
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 2), 1)
    storage = refusingStorage()
    storage.refuse()
    await t.runner.syncNow()
    expect(t.bridge.log.posts).toHaveLength(0)
    expect(t.runner.getProgress().problem).toBe(STORAGE_FAILING_MESSAGE)
    expect(t.clock.pending()).toEqual([t.clock.now() + STORAGE_RETRY_MS])
    for (const draft of drafts) expect((await t.repo.getDraft(draft.id))?.status).toBe('queued')

    storage.accept()
    await wakeAfter(t, STORAGE_RETRY_MS)
    expect(t.runner.getProgress().problem).toBeUndefined()
    await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    for (const draft of drafts) expect((await t.repo.getDraft(draft.id))?.status).toBe('synced')
  })
})
