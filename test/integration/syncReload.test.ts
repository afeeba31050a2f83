import { describe, expect, it, vi } from 'vitest'
import { INTERRUPTED_MESSAGE } from '../../renderer/src/db/queue'
import { employeesOf, FILE_1001, queueDemoDrafts, type DemoDraft } from './testSupport/demoDrafts'
import { writesInMain } from './testSupport/mainWrites'
import { recordsFor } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'
import { LATE_ANSWER_POLL_MS } from '../../renderer/src/sync/syncRunner'

/**
 * The page reloads while a request is on its way to payroll. The reloaded page finds the draft 'sending'
 * and main still has the request out: it stays 'sending' (never shown Uncertain meanwhile), "Send again"
 * must wait for it (or payroll gets two), and its late answer is recorded on the draft.
 */
const startTestbed = syncTestbedClosedAfterEach()

const writesInFlight = writesInMain

/** One draft whose request main holds (no answer yet); the page reloads while it is out. */
async function reloadWhileSending(options: { answeredBeforeReopen?: boolean } = {}) {
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
  if (options.answeredBeforeReopen) {
    release()
    await vi.waitFor(async () => expect(await writesInFlight(t)).toEqual([]), { timeout: 10_000, interval: 50 })
  }
  const page = await t.openWindow({ reload: true })
  await page.runner.start()
  return { t, draft, page, release }
}

describe('reload while a request is on its way', () => {
  it('keeps the request Sending (not Uncertain) while main has it out, holds "Send again", then records payroll’s late answer: 0 duplicates', async () => {
    const { t, draft, page, release } = await reloadWhileSending()
    // The counts the reopened page shows from the start: on its way, nothing for the clerk to settle.
    expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'sending', attempts: 1 })
    expect(await page.repo.countByStatus(FILE_1001.fileId)).toMatchObject({ sending: 1, uncertain: 0 })
    await page.runner.syncNow()
    expect((await page.repo.getDraft(draft.id))?.status).toBe('sending')

    const held = await page.runner.sendAgain(draft.id)
    expect(held).toMatchObject({ ok: false, error: { reason: 'still-sending', message: expect.stringMatching(/twice/) } })
    expect(await page.runner.earlierRequestInFlight(draft.id)).toBe(true)
    expect((await page.repo.getDraft(draft.id))?.status).toBe('sending')

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
    expect((await page.repo.listAttempts(draft.id)).map((attempt) => attempt.outcome)).toEqual(['ok'])

    // The clerk presses "Send again" anyway: refused, nothing posted.
    expect((await page.runner.sendAgain(draft.id)).ok).toBe(false)
    await page.runner.syncNow()
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
    // One log for both pages: the only post is the one made before the reload.
    expect(page.bridge.log.postsFor(draft.marker)).toHaveLength(1)
    expect(await page.repo.db.drafts.where('status').equals('sending').count()).toBe(0)
  })

  it('an answer main got before the page came back is recorded at start-up: Synced from the start, never Uncertain', async () => {
    const { t, draft, page } = await reloadWhileSending({ answeredBeforeReopen: true })
    const [record] = recordsFor(t.stack.sandbox, draft)
    expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: record?.Id })
    expect((await page.repo.listAttempts(draft.id)).map((attempt) => attempt.outcome)).toEqual(['ok'])
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
  })

  it('main ends the request with no answer for this page: once main has nothing out it becomes Uncertain, never left Sending, never sent again', async () => {
    const { t, draft, page, release } = await reloadWhileSending()
    expect((await page.repo.getDraft(draft.id))?.status).toBe('sending')
    release()
    await vi.waitFor(async () => expect(await writesInFlight(t)).toEqual([]), { timeout: 10_000, interval: 50 })
    // The answer never reaches this page (another page took it, or it was lost on its way back).
    const taken = (await t.stack.dispatch('takeSettledWrites', [])) as { ok: boolean; value: unknown[] }
    expect(taken).toMatchObject({ ok: true, value: [expect.objectContaining({ requestKey: expect.stringMatching(`^${draft.id}:1`) })] })
    // No run is asked for: the runner's own watch notices main has nothing out any more.
    t.clock.skip(LATE_ANSWER_POLL_MS)
    t.clock.fireDue()
    await vi.waitFor(async () => expect(await page.repo.getDraft(draft.id)).toMatchObject({ status: 'uncertain', lastError: { message: INTERRUPTED_MESSAGE } }), {
      timeout: 5_000,
      interval: 20
    })
    await page.runner.syncNow()
    expect(recordsFor(t.stack.sandbox, draft)).toHaveLength(1)
    expect(page.bridge.log.postsFor(draft.marker)).toHaveLength(1)
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
