// The runner watches the queue with a Dexie live query, which reads the IndexedDB globals when Dexie
// loads: install fake-indexeddb's first.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createDraftsRepository } from '../db/draftsRepository'
import type { DraftRecord } from '../db/records'
import { INTERRUPTED_MESSAGE } from '../db'
import { parseRequestKey } from './requestKeys'
import { inProcessLocks } from './syncLocks'
import { createSyncRunner } from './syncRunner'
import { accepted, holdAcceptances, RENOUNCED_ANSWER, runUntil, settleTasks } from './testSupport/fakeSyncApi'
import { runnerFixture, type RunnerFixture } from './testSupport/runnerFixture'

/**
 * A page that dies mid-batch leaves its claims ahead 'sending' though their requests never left. The
 * next page asks main to renounce the claims made under main's current run: those main never received
 * go back to the queue (and are sent once, by the new page); those it received stay on the uncertain
 * path; claims from an earlier run of main are never renounced. Real Dexie on fake-indexeddb.
 */

/** Six employees, four requests out (held), two claimed ahead: then the page dies (no clean stop). */
async function pageDiesMidBatch(f: RunnerFixture): Promise<{ drafts: DraftRecord[]; sentKeys: string[] }> {
  const drafts = await f.queue([11, 12, 13, 14, 15, 16])
  holdAcceptances(f.api)
  void f.runner.syncNow()
  await runUntil(() => f.api.inFlight === 4)
  await runUntil(() => f.api.posts.length === 4)
  await settleTasks()
  expect(await f.repo.db.drafts.where('status').equals('sending').count()).toBe(6)
  return { drafts, sentKeys: f.api.posts.map((post) => post.requestKey ?? '') }
}

/** The reloaded page: a new repository over the same database and a new runner, talking to the same main. */
async function reloadedPage(f: RunnerFixture) {
  const repo = createDraftsRepository(f.repo.db, { now: f.clock.now })
  f.api.answer = () => accepted()
  const runner = createSyncRunner({ repo, api: f.api, locks: inProcessLocks(), clock: { now: f.clock.now, setTimer: () => 0, clearTimer: () => {} }, random: () => 0.5, offsetMinutesOf: () => 600 })
  await runner.start()
  return { repo, runner }
}

const statusOf = async (f: RunnerFixture, id: string) => (await f.repo.db.drafts.get(id))?.status

describe('after a reload mid-batch, claims main never received', () => {
  it('go back to the queue and are sent once by the new page; those main received stay uncertain', async () => {
    const f = await runnerFixture({ claimAhead: 4 })
    const { drafts, sentKeys } = await pageDiesMidBatch(f)
    const sentIds = new Set(sentKeys.map((key) => parseRequestKey(key)?.draftId))
    const claimedAhead = drafts.filter((draft) => !sentIds.has(draft.id))
    expect(claimedAhead).toHaveLength(2)
    const aheadKeys = await Promise.all(claimedAhead.map(async (draft) => `${draft.id}:1.${(await f.repo.db.drafts.get(draft.id))?.claimedUnder?.tag}`))

    const page = await reloadedPage(f)
    await runUntil(() => f.api.posts.length === 6)
    await settleTasks()

    // Main was asked about all six claims of its run, and renounced exactly the two it never received.
    expect(f.api.renouncements[0]?.bootId).toBe('boot-1')
    expect(new Set(f.api.renouncements[0]?.requestKeys)).toEqual(new Set([...sentKeys, ...aheadKeys]))
    expect([...f.api.renounced].sort()).toEqual([...aheadKeys].sort())
    for (const draft of claimedAhead) {
      const now = await f.repo.db.drafts.get(draft.id)
      expect(now).toMatchObject({ status: 'synced', attempts: 1 })
      expect(f.api.posts.filter((post) => parseRequestKey(post.requestKey ?? '')?.draftId === draft.id)).toHaveLength(1)
    }
    // The new page's request goes under a key of its own, not the renounced one.
    const resentKeys = f.api.posts.slice(4).map((post) => post.requestKey)
    expect(resentKeys.some((key) => aheadKeys.includes(key ?? ''))).toBe(false)
    for (const id of sentIds) expect(await f.repo.db.drafts.get(id ?? '')).toMatchObject({ status: 'uncertain', lastError: { message: INTERRUPTED_MESSAGE } })

    // The old page's call for a renounced claim, arriving late at main, is refused: never sent.
    const late = claimedAhead[0] as DraftRecord
    expect(await f.api.insertLeaveRequest(late.fileId, f.api.posts[0]?.body ?? ({} as never), aheadKeys[0])).toEqual(RENOUNCED_ANSWER)
    expect(f.api.posts).toHaveLength(6)
    page.runner.stop()
  })

  it('stay with recovery (uncertain) when main was restarted since: another run of main renounces nothing', async () => {
    const f = await runnerFixture({ claimAhead: 4 })
    const { drafts } = await pageDiesMidBatch(f)
    f.api.restartMain()

    const page = await reloadedPage(f)
    await settleTasks()
    expect(f.api.renounced.size).toBe(0)
    expect(f.api.renouncements).toEqual([])
    for (const draft of drafts) expect(await statusOf(f, draft.id)).toBe('uncertain')
    expect(f.api.posts).toHaveLength(4)
    page.runner.stop()
  })

  it('stay with recovery (uncertain) when main could not say its boot id at the claim', async () => {
    const f = await runnerFixture({ claimAhead: 4 })
    const noBoot = f.api as { getMainBoot?: unknown }
    delete noBoot.getMainBoot
    const { drafts, sentKeys } = await pageDiesMidBatch(f)
    // Claimed with no boot: the keys carry no tag, and no claim names a run of main.
    expect(sentKeys.every((key) => /:\d+$/.test(key))).toBe(true)
    for (const draft of drafts) expect((await f.repo.db.drafts.get(draft.id))?.claimedUnder).toBeUndefined()

    const page = await reloadedPage(f)
    await settleTasks()
    expect(f.api.renouncements).toEqual([])
    for (const draft of drafts) expect(await statusOf(f, draft.id)).toBe('uncertain')
    page.runner.stop()
  })

  it('stay with recovery (uncertain) when main does not answer the renouncement', async () => {
    const f = await runnerFixture({ claimAhead: 4 })
    const { drafts } = await pageDiesMidBatch(f)
    f.api.renounceWrites = async () => Promise.reject(new Error('The bridge to main broke.'))

    const page = await reloadedPage(f)
    await settleTasks()
    for (const draft of drafts) expect(await statusOf(f, draft.id)).toBe('uncertain')
    expect(f.api.posts).toHaveLength(4)
    page.runner.stop()
  })
})
