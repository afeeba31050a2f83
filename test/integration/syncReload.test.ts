import { describe, expect, it, vi } from 'vitest'
import { INTERRUPTED_MESSAGE } from '../../renderer/src/db/queue'
import { employeesOf, FILE_1001, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { writesInMain } from './testSupport/mainWrites'
import { recordsFor } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'
import { LATE_ANSWER_POLL_MS } from '../../renderer/src/sync/syncRunner'

/**
 * The page reloads while a request is on its way to payroll. The reloaded page finds the draft 'sending'
 * and makes it uncertain; main still has the request out. "Send again" must wait for it (or payroll gets
 * two), and its late answer is recorded on the draft.
 */
const startTestbed = syncTestbedClosedAfterEach()

const writesInFlight = writesInMain

/** One draft whose request main holds (no answer yet); the page reloads while it is out. */
async function reloadWhileSending() {
  const t = await startTestbed({ concurrency: 1 })
  const [draft] = (await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 1), 1)) as [DemoDraft]
  const release = t.stack.holdWrites()
  void t.runner.syncNow()
  await vi.waitFor(async () => expect(await writesInFlight(t)).toEqual([{ requestKey: expect.stringMatching(`^${draft.id}:1\\.`), startedAt: expect.any(Number) }]), {
    timeout: 5_000,
    interval: 20
  })
  // The page goes away: its database connection with it. Its request stays out in main.
  t.bridge.pageGone()
  t.runner.stop()
  t.db.close()
  const page = await t.openWindow({ reload: true })
  await page.runner.start()
  return { t, draft, page, release }
}

describe('reload while a request is on its way', () => {
  it('holds "Send again" (saying why) while main has the request out, then records payroll’s late answer: 0 duplicates', async () => {
    const { t, draft, page, release } = await reloadWhileSending()
    expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'uncertain', lastError: { message: INTERRUPTED_MESSAGE } })

    const held = await page.runner.sendAgain(draft.id)
    expect(held).toMatchObject({ ok: false, error: { reason: 'still-sending', message: expect.stringMatching(/twice/) } })
    expect(await page.runner.earlierRequestInFlight(draft.id)).toBe(true)
    expect((await page.repo.getDraft(draft.id))?.status).toBe('uncertain')

    release()
    await vi.waitFor(async () => expect(await writesInFlight(t)).toEqual([]), { timeout: 10_000, interval: 50 })
    // Nobody opens the draft: the runner's own watch collects payroll's answer and records it.
    t.clock.skip(LATE_ANSWER_POLL_MS)
    t.clock.fireDue()
    const [record] = recordsFor(t.stack.sandbox, draft)
    await vi.waitFor(async () => expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: record?.Id }), {
      timeout: 5_000,
      interval: 20
    })
    expect(await page.runner.earlierRequestInFlight(draft.id)).toBe(false)
    expect((await page.repo.listAttempts(draft.id)).map((attempt) => attempt.outcome)).toEqual(['interrupted', 'ok'])

    // The clerk presses "Send again" anyway: refused, nothing posted.
    expect((await page.runner.sendAgain(draft.id)).ok).toBe(false)
    await page.runner.syncNow()
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
    // One log for both pages: the only post is the one made before the reload.
    expect(page.bridge.log.postsFor(draft.marker)).toHaveLength(1)
    expect(await page.repo.db.drafts.where('status').equals('sending').count()).toBe(0)
  })

  it('a late answer that payroll did not apply puts the draft back in the queue, and it is sent once', async () => {
    const { t, draft, page, release } = await reloadWhileSending()
    // While main holds the first request, the clerk is signed out: it never reaches payroll.
    await t.stack.session.signOut()
    release()
    await vi.waitFor(async () => expect(await writesInFlight(t)).toEqual([]), { timeout: 10_000, interval: 50 })
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(0)

    expect(await page.runner.earlierRequestInFlight(draft.id)).toBe(false)
    expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'queued' })
    await t.stack.signIn()
    await page.runner.syncNow()
    expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'synced' })
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
  })
})
