import { describe, expect, it, vi } from 'vitest'
import { employeesOf, FILE_1001, queueDemoDrafts } from './testSupport/demoDrafts'
import { expectCreationOrderKept, expectQueueInvariants, syncUntilSettled } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/** The session failing mid-batch: main refreshes once by itself; when it cannot, the queue pauses. */
const startTestbed = syncTestbedClosedAfterEach()

describe('sync faults: the session', () => {
  it('access token expired halfway: main refreshes once and the batch carries on, every draft synced once', async () => {
    const t = await startTestbed()
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 4), 3)
    t.bridge.beforePost = (index) => {
      if (index === 6) t.stack.sandbox.store.expireAccessTokens()
    }

    const summary = await t.runner.syncNow()

    expect(summary).toMatchObject({ ran: true, synced: 12, needsAttention: 0, uncertain: 0, waitingToRetry: 0 })
    expect(summary.paused).toBeUndefined()
    expect(t.stack.sandbox.stats.count('POST /authorisation/refresh')).toBeGreaterThanOrEqual(1)
    expect(t.bridge.log.posts).toHaveLength(12)
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(12)
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })

  it('refresh token revoked halfway: the queue pauses, drafts stay queued uncounted, and signing in resumes it', async () => {
    const t = await startTestbed()
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 4), 3)
    t.bridge.beforePost = (index) => {
      if (index !== 4) return
      t.stack.sandbox.store.revokeRefreshTokens()
      t.stack.sandbox.store.expireAccessTokens()
    }

    const paused = await t.runner.syncNow()

    expect(paused).toMatchObject({ ran: true, uncertain: 0, needsAttention: 0, paused: { reason: 'signed-out', message: 'Signed out — sign in to continue' } })
    expect(t.runner.getProgress().paused).toEqual({ reason: 'signed-out', message: 'Signed out — sign in to continue' })
    const refused = t.bridge.log.posts.filter((post) => post.outcome === 'signed-out')
    expect(refused.length).toBeGreaterThanOrEqual(1)
    for (const post of refused) {
      const draft = drafts.find((d) => d.marker === post.marker)
      // Back in the queue, due now, and the refused attempt does not count against it.
      expect(await t.repo.getDraft(draft!.id)).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: t.clock.now() })
    }
    expect(paused.synced + paused.waitingToRetry).toBe(12)

    // Paused: "Sync now" posts nothing while signed out.
    const postsWhilePaused = t.bridge.log.posts.length
    expect(await t.runner.syncNow()).toMatchObject({ ran: false, paused: { reason: 'signed-out' } })
    expect(t.bridge.log.posts).toHaveLength(postsWhilePaused)

    // Signing in again resumes the queue by itself.
    await t.stack.signIn()
    await vi.waitFor(() => expect(t.runner.getProgress()).toMatchObject({ running: false, lastSummary: { waitingToRetry: 0 } }), {
      timeout: 10_000
    })
    expect(t.runner.getProgress().paused).toBeUndefined()
    await syncUntilSettled(t.runner, t.repo, t.clock)

    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(12)
    expectCreationOrderKept(t.stack.sandbox, drafts)
  })
})
