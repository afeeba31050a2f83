import { describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS } from '../../main/sandbox'
import { employeesOf, FILE_1001, FILE_1002, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants } from './testSupport/queueChecks'
import { type SyncTestbed } from './testSupport/syncTestbed'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * A problem every request shares (the file left the token's scope, the access key is for another file):
 * the batch stops at payroll's first refusal, so only the requests already on their way need attention,
 * and the panel says why. Nothing more is sent until the clerk signs in anew or presses "Sync now".
 */
const INSERT = 'POST /Payroll/LeaveRequest'
const CONCURRENCY = 4
const startTestbed = syncTestbedClosedAfterEach()

/** Where each draft stands now: posted (and how it ended) or never touched. */
async function standing(t: SyncTestbed, drafts: readonly DemoDraft[]) {
  const stored = await Promise.all(drafts.map((draft) => t.repo.getDraft(draft.id)))
  const posted = drafts.filter((draft) => t.bridge.log.postsFor(draft.marker).length > 0)
  return { stored, posted, refused: stored.filter((draft) => draft?.status === 'needs-attention') }
}

describe('sync: payroll refuses access to the file', () => {
  it('a token without the file: the batch stops at the first 403, only the requests in flight need attention, and the panel says why', async () => {
    const t = await startTestbed({ signedIn: false, started: false })
    // "solo" may use file 1002 only; the clerk's drafts are for file 1001.
    const signedIn = await t.stack.session.signInWithPassword(DEMO_CREDENTIALS.solo.username, DEMO_CREDENTIALS.solo.password)
    expect(signedIn.ok).toBe(true)
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 8), 2)
    // Slow answers: every lane is under way before payroll's first answer comes back.
    t.stack.sandbox.faults.add({ kind: 'latency', ms: 100, route: INSERT })

    const summary = await t.runner.syncNow()

    const panel =
      'Payroll refused access to file 1001: This access token does not give access to file 1001. Check your access, then press Sync now.'
    expect(summary).toMatchObject({ ran: true, synced: 0, uncertain: 0, paused: { reason: 'refused', message: panel } })
    expect(t.runner.getProgress().paused).toEqual({ reason: 'refused', message: panel })
    const { stored, posted, refused } = await standing(t, drafts)
    // Only the lanes in flight posted, one request each; payroll answered each with 403.
    expect(posted.length).toBeGreaterThanOrEqual(1)
    expect(posted.length).toBeLessThanOrEqual(CONCURRENCY)
    expect(t.bridge.log.posts.map((post) => post.outcome)).toEqual(posted.map(() => 'forbidden'))
    expect(t.stack.sandbox.stats.statusCount(403)).toBe(posted.length)
    expect(summary.needsAttention).toBe(posted.length)
    expect(refused).toHaveLength(posted.length)
    for (const draft of refused) {
      expect(draft?.lastError).toMatchObject({ code: 'forbidden', message: 'This access token does not give access to file 1001.' })
    }
    // Every other draft is still queued, untouched: no attempt, no error.
    const untouched = stored.filter((draft) => draft?.status === 'queued')
    expect(untouched).toHaveLength(drafts.length - posted.length)
    for (const draft of untouched) {
      expect(draft?.attempts).toBe(0)
      expect(draft?.lastError).toBeUndefined()
    }

    // Runs the clerk did not ask for send nothing (start-up, payroll reachable, the timer): no more 403s.
    await t.runner.start()
    expect(t.clock.pending()).toEqual([])
    expect(t.bridge.log.posts).toHaveLength(posted.length)

    // The clerk signs in with their own account: the refusal clears and the queue resumes by itself.
    await t.stack.signIn()
    await vi.waitFor(() => expect(t.runner.getProgress()).toMatchObject({ running: false, lastSummary: { ran: true, synced: 16 - 2 * posted.length } }), {
      timeout: 10_000
    })
    expect(t.runner.getProgress().paused).toBeUndefined()
    // Each refused request holds back its employee's second one, and the panel counts those apart.
    expect(t.runner.getProgress().held).toBe(posted.length)

    // The clerk queues the refused ones again; everything reaches payroll once, in order.
    for (const draft of refused) expect((await t.repo.queueDraft(draft!.id)).ok).toBe(true)
    expect(await t.runner.syncNow()).toMatchObject({ ran: true, synced: 2 * posted.length })
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(16)
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })

  it('an access key for another file: main refuses it before sending, and the batch stops the same way', async () => {
    const t = await startTestbed({ signedIn: false, started: false })
    const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
    expect((await t.stack.session.signInWithLegacyKey(wsAccessKey, fileId)).ok).toBe(true)
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1002, 8), 1)

    const summary = await t.runner.syncNow()

    expect(summary.paused).toEqual({
      reason: 'refused',
      message: 'Payroll refused access to file 1002: The access key in use is for file 1001, not file 1002. Check your access, then press Sync now.'
    })
    const { posted, refused } = await standing(t, drafts)
    expect(posted.length).toBeLessThanOrEqual(CONCURRENCY)
    expect(refused).toHaveLength(posted.length)
    expect(t.stack.sandbox.stats.count(INSERT)).toBe(0)
    // Pressing "Sync now" with the same key is the clerk's call: it tries again, and stops again at once.
    const again = await t.runner.syncNow()
    expect(again.paused?.reason).toBe('refused')
    const after = await standing(t, drafts)
    expect(after.refused.length - refused.length).toBeLessThanOrEqual(CONCURRENCY)
    expect(after.stored.filter((draft) => draft?.status === 'queued').length).toBe(drafts.length - after.posted.length)
  })
})
