// The runner watches the queue with a Dexie live query, which reads the IndexedDB globals when Dexie
// loads (a browser always has them): install fake-indexeddb's first. Each test's database has its own factory.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { INTERNAL_PROBLEM_MESSAGE } from './classifyForQueue'
import { SIGNED_OUT_MESSAGE } from './pauseState'
import { NO_ANSWER_MESSAGE } from './sendOneDraft'
import { selectLabel } from './syncProgressStore'
import { SIGNED_OUT_RECHECK_MS, STOPPED_MESSAGE } from './syncRunner'
import { accepted, failed, gate, holdAcceptances, runUntil, settleTasks } from './testSupport/fakeSyncApi'
import { runnerFixture, type RunnerFixture } from './testSupport/runnerFixture'

/** The runner's decisions, with a fake API: lanes, pauses, triggers. The sandbox tests are in test/integration. */

const QUOTA_MESSAGE = 'Leave Desk has used today’s 2,850 requests for file 1001; sending starts again tomorrow.'

/** The clerk's "Sync now", with payroll accepting again: it sends the `synced` drafts and clears the pause. */
async function expectSyncNowToSend(f: RunnerFixture, synced: number) {
  f.api.answer = () => accepted()
  expect(await f.runner.syncNow()).toMatchObject({ ran: true, synced })
  expect(f.runner.getProgress().paused).toBeUndefined()
}

/** The runner started again by itself once the pause cleared: one request synced, `posts` in all, no pause left. */
async function expectResumedOnItsOwn(f: RunnerFixture, posts: number) {
  await runUntil(() => f.runner.getProgress().lastSummary?.synced === 1)
  expect(f.api.posts).toHaveLength(posts)
  expect(f.runner.getProgress().paused).toBeUndefined()
}

describe('the sync runner', () => {
  it('keeps at most four employees in flight, and starts the next employee as soon as one finishes', async () => {
    const f = await runnerFixture()
    await f.queue([11, 12, 13, 14, 15, 16])
    const held = holdAcceptances(f.api)

    const run = f.runner.syncNow()
    await runUntil(() => f.api.inFlight === 4)
    await settleTasks()
    expect(f.api.inFlight).toBe(4)
    // Only the drafts whose requests are out are claimed; the other two employees' wait, queued.
    expect(await f.repo.db.drafts.where('status').equals('sending').count()).toBe(4)
    expect(f.api.posts.map((post) => post.body.EmployeeId)).toEqual([11, 12, 13, 14])
    expect({ ...f.runner.getProgress(), label: selectLabel(f.runner.getProgress()) }).toMatchObject({ running: true, total: 6, done: 0, inFlight: 4, label: 'Sending 1 of 6' })

    held.open()
    expect(await run).toMatchObject({ ran: true, synced: 6 })
    expect(f.api.posts).toHaveLength(6)
  })

  it('pauses on the daily quota with main’s message, puts the draft back uncounted, and waits for the next day or the clerk', async () => {
    const f = await runnerFixture({ concurrency: 1 })
    const [first, second] = await f.queue([11, 12])
    f.api.answer = () => failed({ code: 'quota-exhausted', message: QUOTA_MESSAGE })

    const summary = await f.runner.syncNow()

    expect(summary).toMatchObject({ ran: true, synced: 0, paused: { reason: 'quota', message: QUOTA_MESSAGE } })
    expect(f.api.posts).toHaveLength(1)
    expect(await f.repo.getDraft(first!.id)).toMatchObject({ status: 'queued', attempts: 0, lastError: { code: 'quota-exhausted' } })
    // Nothing more was posted after the pause.
    expect((await f.repo.getDraft(second!.id))?.lastError).toBeUndefined()
    // The timer is set for the start of the next day (UTC, as main counts).
    expect([...f.timers.values()].map((timer) => timer.at)).toEqual([Date.UTC(2026, 2, 3)])

    // Reconnecting is not a reason to try again; the clerk's "Sync now" is.
    f.api.setConnectivity('reachable')
    await settleTasks()
    expect(f.api.posts).toHaveLength(1)
    await expectSyncNowToSend(f, 2)
  })

  it('does not start a batch while main says payroll is unreachable, and starts by itself when it is back', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    f.api.setConnectivity('unreachable')
    await f.queue([11])

    expect(await f.runner.syncNow()).toMatchObject({ ran: false, paused: { reason: 'offline' } })
    expect(f.api.posts).toEqual([])

    f.api.setConnectivity('reachable')
    await expectResumedOnItsOwn(f, 1)
  })

  it('signed out at start-up: posts nothing and says so; signing in starts it', async () => {
    const f = await runnerFixture()
    f.api.setSession('signed-out')
    await f.queue([11, 12])

    await f.runner.start()

    expect(f.api.posts).toEqual([])
    expect(f.runner.getProgress().paused).toEqual({ reason: 'signed-out', message: SIGNED_OUT_MESSAGE })
    f.api.setSession('signed-in')
    await runUntil(() => f.runner.getProgress().lastSummary?.synced === 2)
    expect(f.api.posts).toHaveLength(2)
  })

  it('folds the triggers that arrive during a run into one follow-up run', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    await f.queue([11])
    const held = holdAcceptances(f.api)
    const checksBefore = f.api.statusChecks

    const first = f.runner.syncNow()
    await runUntil(() => f.api.inFlight === 1)
    const during = [f.runner.syncNow(), f.runner.syncNow()]
    f.api.setConnectivity('reachable')
    f.api.setSession('signed-in')
    held.open()
    await first
    await Promise.all(during)
    await settleTasks()

    // Each run asks main for the session once: the first run and one follow-up.
    expect(f.api.statusChecks - checksBefore).toBe(2)
    expect(f.api.posts).toHaveLength(1)
  })

  it('a request the clerk queues while nothing is running goes out on the next wake, without "Sync now"', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    await runUntil(() => f.runner.getProgress().waiting === 0)
    expect(f.timers.size).toBe(0)

    const [draft] = await f.queue([11])

    await runUntil(() => f.runner.getProgress().waiting === 1 && f.timers.size === 1)
    const [timer] = [...f.timers.values()]
    expect(timer?.at).toBe(f.clock.now() + 1_000)
    expect(f.api.posts).toEqual([])
    f.clock.advance(1_000)
    timer?.run()
    await runUntil(() => f.runner.getProgress().lastSummary?.synced === 1 && f.runner.getProgress().waiting === 0)
    expect(await f.repo.getDraft(draft!.id)).toMatchObject({ status: 'synced' })
    expect(f.api.posts).toHaveLength(1)
  })

  it('while payroll is unreachable, counts what the clerk queues but sets no timer for it', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    f.api.setConnectivity('unreachable')
    await f.queue([11, 12, 13])
    await runUntil(() => f.runner.getProgress().waiting === 3)
    await settleTasks()
    expect(f.timers.size).toBe(0)
    expect(f.runner.getProgress().paused?.reason).toBe('offline')
    expect(f.api.posts).toEqual([])
  })

  it('sets its timer for the next due retry, and the timer runs the queue', async () => {
    const f = await runnerFixture()
    const [draft] = await f.queue([11])
    f.api.answer = (_body, index) => (index === 0 ? failed({ code: 'server', message: 'Payroll had a problem.', status: 500 }) : accepted())

    const summary = await f.runner.syncNow()

    const stored = await f.repo.getDraft(draft!.id)
    // random() = 0.5 of a 1 s ceiling.
    expect(stored?.nextAttemptAt).toBe(f.clock.now() + 500)
    expect(summary.nextRetryAt).toBe(stored?.nextAttemptAt)
    // Never sooner than a second, so the runner cannot spin.
    const [timer] = [...f.timers.values()]
    expect(timer?.at).toBe(f.clock.now() + 1_000)
    f.clock.advance(1_000)
    timer?.run()
    await runUntil(() => f.runner.getProgress().lastSummary?.synced === 1)
    expect(await f.repo.getDraft(draft!.id)).toMatchObject({ status: 'synced', attempts: 2 })
  })

  it('turns Leave Desk’s own failure into a plain message, and a broken bridge into an uncertain request', async () => {
    const f = await runnerFixture()
    const [internal, broken] = await f.queue([11, 12])
    f.api.answer = (body) => {
      if (body.EmployeeId === 11) return failed({ code: 'internal', message: 'TypeError: cannot read x' })
      throw new Error('IPC channel closed')
    }

    expect(await f.runner.syncNow()).toMatchObject({ needsAttention: 1, uncertain: 1 })

    expect(await f.repo.getDraft(internal!.id)).toMatchObject({ status: 'needs-attention', lastError: { message: INTERNAL_PROBLEM_MESSAGE } })
    expect(await f.repo.getDraft(broken!.id)).toMatchObject({ status: 'uncertain', lastError: { message: NO_ANSWER_MESSAGE } })
  })

  it('after stop(), posts nothing more, whatever triggers come', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    f.runner.stop()
    await f.queue([11])

    f.api.setConnectivity('reachable')
    expect(await f.runner.syncNow()).toMatchObject({ ran: false, skipped: STOPPED_MESSAGE })
    expect(f.api.posts).toEqual([])
    expect(f.timers.size).toBe(0)
  })

  it('never deletes a draft, and skips the ones the clerk deleted', async () => {
    const f = await runnerFixture()
    const [kept, deleted] = await f.queue([11, 12])
    expect((await f.repo.deleteDraft(deleted!.id)).ok).toBe(true)

    expect(await f.runner.syncNow()).toMatchObject({ synced: 1 })

    expect(f.api.posts.map((post) => post.body.EmployeeId)).toEqual([11])
    expect((await f.repo.getDraft(kept!.id))?.status).toBe('synced')
    expect(await f.repo.db.drafts.get(deleted!.id)).toMatchObject({ status: 'queued', deletedAt: expect.any(Number) })
    expect(await f.repo.db.drafts.count()).toBe(2)
  })
  it('paused as signed out by a batch while main is still signed in: the next run asks main, clears the pause and sends', async () => {
    const f = await runnerFixture({ concurrency: 1 })
    await f.runner.start()
    const [first, second] = await f.queue([11, 12])
    // One request comes back "signed out" (say, a refresh failed once), but main's session stays signed in.
    f.api.answer = (_body, index) => (index === 0 ? failed({ code: 'signed-out', message: 'Your session has ended.' }) : accepted())

    expect(await f.runner.syncNow()).toMatchObject({ ran: true, synced: 0, paused: { reason: 'signed-out' } })
    expect(f.runner.getProgress().paused?.reason).toBe('signed-out')
    expect(f.api.posts).toHaveLength(1)
    // No session event will come (main's state never changed), so the runner sets itself a recheck.
    expect([...f.timers.values()].map((timer) => timer.at)).toEqual([f.clock.now() + SIGNED_OUT_RECHECK_MS])

    // Any run it was not asked for (here: payroll reachable again) asks main rather than trusting the pause.
    const checks = f.api.statusChecks
    f.api.setConnectivity('reachable')
    await runUntil(() => f.runner.getProgress().lastSummary?.synced === 2)
    expect(f.api.statusChecks).toBeGreaterThan(checks)
    expect(f.runner.getProgress().paused).toBeUndefined()
    expect(await f.repo.getDraft(first!.id)).toMatchObject({ status: 'synced', attempts: 1 })
    expect((await f.repo.getDraft(second!.id))?.status).toBe('synced')
  })

  it('the recheck of a signed-out pause sends when main is signed in', async () => {
    const f = await runnerFixture({ concurrency: 1 })
    await f.runner.start()
    await f.queue([11])
    f.api.answer = (_body, index) => (index === 0 ? failed({ code: 'unauthorized', message: 'Not accepted.', status: 401 }) : accepted())
    await f.runner.syncNow()
    await settleTasks()
    expect(f.timers.size).toBe(1)
    const [recheck] = [...f.timers.values()]
    expect(recheck?.at).toBe(f.clock.now() + SIGNED_OUT_RECHECK_MS)

    f.clock.advance(SIGNED_OUT_RECHECK_MS)
    recheck?.run()
    await expectResumedOnItsOwn(f, 2)
  })

  it('the recheck finds main really signed out: posts nothing and sets no further timer (no polling)', async () => {
    const f = await runnerFixture({ concurrency: 1 })
    await f.runner.start()
    await f.queue([11])
    f.api.answer = () => failed({ code: 'signed-out', message: 'Your session has ended.' })
    await f.runner.syncNow()
    f.api.setSession('signed-out')
    // The queue's watch sees the draft come back to the queue and may set the timer again: let it settle.
    await settleTasks()
    expect(f.timers.size).toBe(1)
    const [entry] = [...f.timers.entries()]
    const checks = f.api.statusChecks

    // The timer fires (and so is gone).
    f.timers.delete(entry![0])
    f.clock.advance(SIGNED_OUT_RECHECK_MS)
    entry![1].run()
    await runUntil(() => f.api.statusChecks > checks)
    await settleTasks()

    expect(f.api.posts).toHaveLength(1)
    expect(f.timers.size).toBe(0)
    expect(f.runner.getProgress().paused).toEqual({ reason: 'signed-out', message: SIGNED_OUT_MESSAGE })
  })

  it.each([
    {
      error: { code: 'forbidden' as const, status: 403, message: 'This access token does not give access to file 1001.' },
      panel: 'Payroll refused access to file 1001: This access token does not give access to file 1001. Check your access, then press Sync now.'
    },
    {
      error: { code: 'not-found' as const, status: 404, message: 'There is no POST /Payroll/LeaveRequest in this API' },
      panel:
        'Payroll could not find where to send requests for file 1001: There is no POST /Payroll/LeaveRequest in this API. Check your access and the payroll address, then press Sync now.'
    }
  ])('a $error.status on an insert stops the batch: only the requests in flight need attention, the rest stay queued untouched', async ({ error, panel }) => {
    const f = await runnerFixture({ concurrency: 2 })
    await f.runner.start()
    const drafts = await f.queue([11, 12, 13, 14, 15, 16])
    const held = gate()
    f.api.answer = async () => {
      await held.opened
      return failed(error)
    }

    const run = f.runner.syncNow()
    await runUntil(() => f.api.inFlight === 2)
    held.open()
    const summary = await run

    expect(summary).toMatchObject({ ran: true, synced: 0, needsAttention: 2, uncertain: 0, paused: { reason: 'refused', message: panel } })
    expect(f.api.posts.map((post) => post.body.EmployeeId)).toEqual([11, 12])
    const stored = await Promise.all(drafts.map((draft) => f.repo.getDraft(draft.id)))
    for (const draft of stored.slice(0, 2)) {
      expect(draft).toMatchObject({ status: 'needs-attention', lastError: { code: error.code, message: error.message } })
    }
    for (const draft of stored.slice(2)) {
      expect(draft).toMatchObject({ status: 'queued', attempts: 0 })
      expect(draft?.lastError).toBeUndefined()
    }
    expect(f.runner.getProgress().paused).toEqual({ reason: 'refused', message: panel })

    // Nothing is sent again by itself: no timer, and a reconnect or a token refresh does not start a run.
    expect(f.timers.size).toBe(0)
    f.api.setConnectivity('reachable')
    f.api.setSession('signed-in')
    await settleTasks()
    expect(f.api.posts).toHaveLength(2)

    // "Sync now" is the clerk's word that access is fixed.
    await expectSyncNowToSend(f, 4)
  })

  it('a refusal of access clears when the clerk signs in with a different account, and the queue resumes', async () => {
    const f = await runnerFixture({ concurrency: 1 })
    await f.runner.start()
    await f.queue([11, 12])
    f.api.answer = (_body, index) =>
      index === 0 ? failed({ code: 'forbidden', status: 403, message: 'This access token does not give access to file 1001.' }) : accepted()
    expect(await f.runner.syncNow()).toMatchObject({ needsAttention: 1, paused: { reason: 'refused' } })

    f.api.setSession('signed-out')
    f.api.setSession('signed-in')
    await expectResumedOnItsOwn(f, 2)
  })

  it('counts the requests held behind an earlier request for the same employee once the run has ended', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    // Employee 11's first request goes unanswered; their two later ones must wait for the clerk.
    await f.queue([11, 12, 11, 11])
    f.api.answer = (body, index) => (index === 0 ? failed({ code: 'unknown-outcome', message: 'No answer.' }) : accepted())

    expect(await f.runner.syncNow()).toMatchObject({ synced: 1, uncertain: 1, waitingToRetry: 2 })
    await runUntil(() => f.runner.getProgress().waiting === 2)
    expect(f.runner.getProgress().held).toBe(2)
  })
  it('when the clerk deletes the request others were held behind, the released ones go on the next wake', async () => {
    const f = await runnerFixture()
    await f.runner.start()
    const [unanswered, later] = await f.queue([11, 11])
    f.api.answer = (_body, index) => (index === 0 ? failed({ code: 'unknown-outcome', message: 'No answer.' }) : accepted())
    await f.runner.syncNow()
    await runUntil(() => f.runner.getProgress().held === 1)
    await settleTasks()
    f.timers.clear()

    // The clerk found it was never wanted, and deleted it (rather than "Send again" or "Mark as sent").
    expect((await f.repo.deleteDraft(unanswered!.id)).ok).toBe(true)

    await runUntil(() => f.runner.getProgress().held === 0 && f.timers.size === 1)
    const [wake] = [...f.timers.values()]
    f.clock.advance(wake!.at - f.clock.now())
    wake?.run()
    await runUntil(() => f.runner.getProgress().lastSummary?.synced === 1)
    expect(await f.repo.getDraft(later!.id)).toMatchObject({ status: 'synced' })
    expect(f.api.posts).toHaveLength(2)
  })
})
