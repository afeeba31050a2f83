import { describe, expect, it } from 'vitest'
import { INTERRUPTED_MESSAGE } from '../../renderer/src/db/queue'
import { NO_LONGER_VALID_MESSAGE } from '../../renderer/src/sync/sendOneDraft'
import { employeesOf, FILE_1001, FILE_1002, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants, recordsFor, expectSyncedAfterSendAgain } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/** Order, parallelism, refusals and start-up: the rules of the queue, seen at the sandbox. */
const INSERT = 'POST /Payroll/LeaveRequest'
const startTestbed = syncTestbedClosedAfterEach()

describe('the sync queue’s rules', () => {
  it('sends up to four employees at once, each employee’s requests strictly in creation order', async () => {
    const t = await startTestbed()
    const drafts = await queueDemoDrafts(t.repo, [...employeesOf(FILE_1001, 5), ...employeesOf(FILE_1002, 5)], 3)
    // Slow answers make the lanes overlap at the server.
    t.stack.sandbox.faults.add({ kind: 'latency', ms: 150, route: INSERT })

    const summary = await t.runner.syncNow()

    expect(summary).toMatchObject({ ran: true, synced: 30 })
    expect(t.bridge.log.maxInFlight()).toBeLessThanOrEqual(4)
    expect(t.bridge.log.maxInFlight()).toBeGreaterThanOrEqual(2)
    await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })

  it('a request payroll refuses needs attention with payroll’s messages on the editor’s fields, and holds back that employee’s later ones', async () => {
    const t = await startTestbed()
    // Pay item 201 belongs to file 1002: file 1001 refuses it.
    const drafts = await queueDemoDrafts(t.repo, [{ fileId: 1001, employeeId: 6001, payItemId: 201 }, ...employeesOf(FILE_1001, 1).map((e) => ({ ...e, employeeId: 6002 }))], 2)
    const [refused, otherEmployee, heldBack] = drafts as [DemoDraft, DemoDraft, DemoDraft, DemoDraft]

    const summary = await t.runner.syncNow()

    expect(summary).toMatchObject({ ran: true, synced: 2, needsAttention: 1, waitingToRetry: 1 })
    const stored = await t.repo.getDraft(refused.id)
    expect(stored).toMatchObject({ status: 'needs-attention', lastError: { code: 'validation' } })
    expect(stored?.lastError?.fieldIssues).toContainEqual(expect.objectContaining({ field: 'leaveTypePayItemId' }))
    expect((await t.repo.getDraft(heldBack.id))?.status).toBe('queued')
    expect((await t.repo.getDraft(otherEmployee.id))?.status).toBe('synced')
    expect(t.bridge.log.postsFor(heldBack.marker)).toEqual([])
    await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
  })

  it('checks each draft against the shared rules again before sending: one that no longer passes is never posted', async () => {
    const t = await startTestbed()
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 1), 1)
    const [draft] = drafts as [DemoDraft]
    // As if an older release had queued it, or the rules had tightened since.
    await t.db.drafts.update(draft.id, { items: [{ date: draft.content.startDate as string, hours: 25, isPaid: true }] })

    const summary = await t.runner.syncNow()

    expect(summary).toMatchObject({ ran: true, synced: 0, needsAttention: 1 })
    expect(await t.repo.getDraft(draft.id)).toMatchObject({
      status: 'needs-attention',
      attempts: 0,
      lastError: { code: 'validation', message: NO_LONGER_VALID_MESSAGE, fieldIssues: [{ field: 'items.0.hours' }] }
    })
    expect(t.bridge.log.posts).toEqual([])
    expect(recordsFor(t.stack.sandbox, draft)).toEqual([])
  })

  it('at start-up, a draft the app was sending when it closed becomes uncertain and is not posted; the rest is sent', async () => {
    const t = await startTestbed({ started: false })
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 2), 2)
    const [interrupted, otherEmployee, heldBack, otherSecond] = drafts as [DemoDraft, DemoDraft, DemoDraft, DemoDraft]
    expect((await t.repo.queue.claim(interrupted.id)).ok).toBe(true)

    await t.runner.start()

    expect(await t.repo.getDraft(interrupted.id)).toMatchObject({
      status: 'uncertain',
      lastError: { code: 'unknown-outcome', message: INTERRUPTED_MESSAGE }
    })
    expect((await t.repo.listAttempts(interrupted.id)).map((attempt) => attempt.outcome)).toEqual(['interrupted'])
    expect(t.bridge.log.postsFor(interrupted.marker)).toEqual([])
    expect((await t.repo.getDraft(heldBack.id))?.status).toBe('queued')
    for (const draft of [otherEmployee, otherSecond]) expect((await t.repo.getDraft(draft.id))?.status).toBe('synced')
    expect(t.runner.getProgress().lastSummary).toMatchObject({ ran: true, synced: 2 })

    // The clerk finds nothing in payroll and sends it again; the request behind it follows, in order.
    expect((await t.runner.sendAgain(interrupted.id)).ok).toBe(true)
    await t.runner.syncNow()
    await expectSyncedAfterSendAgain(t, drafts, interrupted.id, 4)
  })
})
