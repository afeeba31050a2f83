import { describe, expect, it, vi } from 'vitest'
import type { FaultRule } from '../../main/sandbox'
import { employeesOf, FILE_1001, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants, recordsFor, syncUntilSettled, expectSyncedAfterSendAgain } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * Faults where the request may have reached payroll but no answer came back. The API has no idempotency
 * key, so the draft becomes uncertain and is never posted again by itself; its employee's later requests
 * wait; the clerk checks payroll and chooses "Mark as sent" or "Send again".
 */
const INSERT = 'POST /Payroll/LeaveRequest'
const startTestbed = syncTestbedClosedAfterEach()

/** Two employees with two requests each; the very first request (Olivia's first) meets `fault`. */
async function firstRequestMeets(fault: FaultRule) {
  const t = await startTestbed({ concurrency: 1 })
  const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 2), 2)
  const [unanswered, otherEmployee, heldBack] = drafts as [DemoDraft, DemoDraft, DemoDraft, DemoDraft]
  t.stack.sandbox.faults.add({ ...fault, route: INSERT, times: 1 })

  const first = await t.runner.syncNow()

  expect(first).toMatchObject({ ran: true, synced: 2, uncertain: 1, needsAttention: 0 })
  expect(await t.repo.getDraft(unanswered.id)).toMatchObject({ status: 'uncertain', attempts: 1, lastError: { code: 'unknown-outcome' } })
  expect(await t.repo.getDraft(heldBack.id)).toMatchObject({ status: 'queued', attempts: 0 })
  expect((await t.repo.getDraft(otherEmployee.id))?.status).toBe('synced')

  // More runs, long after any backoff: the uncertain one is not posted again, and the one behind it waits.
  await syncUntilSettled(t.runner, t.repo, t.clock)
  expect(t.bridge.log.postsFor(unanswered.marker)).toHaveLength(1)
  expect(t.bridge.log.postsFor(heldBack.marker)).toHaveLength(0)
  expect((await t.repo.getDraft(heldBack.id))?.status).toBe('queued')
  await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
  return { t, drafts, unanswered, heldBack }
}

describe('sync faults: sent, but no answer', () => {
  it('timeout (slower than the headers timeout): uncertain; payroll did store it; "Mark as sent" records the clerk’s decision', async () => {
    const { t, drafts, unanswered } = await firstRequestMeets({ kind: 'latency', ms: 1_500 })
    // The server carried on after the client gave up.
    await vi.waitFor(() => expect(recordsFor(t.stack.sandbox, unanswered)).toHaveLength(1), { timeout: 10_000, interval: 50 })

    expect((await t.runner.markAsSent(unanswered.id)).ok).toBe(true)
    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(await t.repo.getDraft(unanswered.id)).toMatchObject({ status: 'synced' })
    expect((await t.repo.getDraft(unanswered.id))?.serverId).toBeUndefined()
    expect((await t.repo.listSyncHistory(1001)).find((entry) => entry.draftId === unanswered.id)).toMatchObject({ markedByClerk: true })
    const clerkChoices = new Map([[unanswered.id, 'mark-as-sent' as const]])
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts, clerkChoices })
    expect(byStatus.synced).toHaveLength(4)
    expect(t.bridge.log.posts).toHaveLength(4)
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })

  it('reset before commit: uncertain, payroll has nothing; "Send again" posts it once more and it syncs', async () => {
    const { t, drafts, unanswered } = await firstRequestMeets({ kind: 'reset-before-commit' })
    expect(recordsFor(t.stack.sandbox, unanswered)).toEqual([])

    expect(await t.runner.sendAgain(unanswered.id)).toMatchObject({ ok: true, value: { status: 'queued' } })
    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(await t.repo.getDraft(unanswered.id)).toMatchObject({ status: 'synced', attempts: 2 })
    expect(t.bridge.log.postsFor(unanswered.marker).map((post) => post.outcome)).toEqual(['unknown-outcome', 'ok'])
    await expectSyncedAfterSendAgain(t, drafts, unanswered.id, 4)
  })

  it('answer dropped after commit: uncertain though payroll has it; "Mark as sent" avoids the duplicate', async () => {
    const { t, drafts, unanswered } = await firstRequestMeets({ kind: 'drop-after-commit' })
    expect(recordsFor(t.stack.sandbox, unanswered)).toHaveLength(1)

    expect((await t.runner.markAsSent(unanswered.id)).ok).toBe(true)
    await syncUntilSettled(t.runner, t.repo, t.clock)

    const clerkChoices = new Map([[unanswered.id, 'mark-as-sent' as const]])
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts, clerkChoices })
    expect(byStatus.synced).toHaveLength(4)
    expect(recordsFor(t.stack.sandbox, unanswered)).toHaveLength(1)
    expect(t.bridge.log.postsFor(unanswered.marker)).toHaveLength(1)
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })

  it.each([500, 502, 504] as const)('%i to an insert: uncertain, never re-posted by the queue (payroll may have stored it)', async (status) => {
    const fault: FaultRule = status === 500 ? { kind: 'status', status } : { kind: 'gateway-after-commit', status }
    const { t, unanswered } = await firstRequestMeets(fault)
    expect(t.bridge.log.postsFor(unanswered.marker)).toHaveLength(1)
    expect((await t.repo.listAttempts(unanswered.id)).map((a) => [a.outcome, a.httpStatus])).toEqual([['unknown-outcome', status]])
  })
})
