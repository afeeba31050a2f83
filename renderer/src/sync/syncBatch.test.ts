// The runner watches the queue with a Dexie live query, which reads the IndexedDB globals when Dexie
// loads: install fake-indexeddb's first.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { parseRequestKey } from './sendOneDraft'
import { fakeSyncApi, gate, holdAcceptances, runUntil, settleTasks, accepted } from './testSupport/fakeSyncApi'
import { runnerFixture } from './testSupport/runnerFixture'

/**
 * The batch claims ahead on other employees' lanes and groups its writes into shared transactions; these
 * are the guarantees that must survive that: a request leaves only once its claim is committed, no more
 * than `concurrency` are out, and a claim whose request never left is given back untouched.
 */
const EMPLOYEES = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]

describe('a batch that claims ahead (on by default: a reload gives unsent claims back, renounceClaims.ts)', () => {
  it('posts each draft only once its claim is committed, with at most four requests out, while four more are claimed', async () => {
    const f = await runnerFixture({ claimAhead: 4 })
    await f.queue(EMPLOYEES)
    const held = gate()
    const statusWhenPosted: string[] = []
    f.api.answer = async (_body, index) => {
      const key = parseRequestKey(f.api.posts[index]?.requestKey ?? '')
      const stored = key ? await f.repo.db.drafts.get(key.draftId) : undefined
      statusWhenPosted.push(`${stored?.status}:${stored?.attempts}`)
      await held.opened
      return accepted()
    }

    const run = f.runner.syncNow()
    await runUntil(() => f.api.inFlight === 4)
    await settleTasks()
    expect(f.api.inFlight).toBe(4)
    expect(f.api.posts).toHaveLength(4)
    // Four requests out, and four more drafts claimed for when a slot frees: never more.
    expect(await f.repo.db.drafts.where('status').equals('sending').count()).toBe(8)

    held.open()
    expect(await run).toMatchObject({ ran: true, synced: EMPLOYEES.length })
    expect(statusWhenPosted).toEqual(EMPLOYEES.map(() => 'sending:1'))
  })

  it('gives back the drafts it claimed ahead when it stops: queued as before, never posted', async () => {
    const f = await runnerFixture({ claimAhead: 4 })
    const drafts = await f.queue(EMPLOYEES)
    const held = holdAcceptances(f.api)

    const run = f.runner.syncNow()
    await runUntil(() => f.api.inFlight === 4)
    await settleTasks()
    f.runner.stop()
    held.open()
    expect(await run).toMatchObject({ synced: 4 })

    const posted = new Set(f.api.posts.map((post) => parseRequestKey(post.requestKey ?? '')?.draftId))
    expect(posted.size).toBe(4)
    for (const draft of drafts.filter((d) => !posted.has(d.id))) {
      const stored = await f.repo.getDraft(draft.id)
      expect(stored).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: draft.nextAttemptAt })
      expect(await f.repo.listAttempts(draft.id)).toEqual([])
    }
  })

  it('works with the bridge main exposes frozen (no request is mistaken for one that may have left)', async () => {
    const api = fakeSyncApi()
    const f = await runnerFixture({ api: Object.freeze({ ...api }) })
    await f.queue(EMPLOYEES.slice(0, 6))

    expect(await f.runner.syncNow()).toMatchObject({ ran: true, synced: 6, uncertain: 0 })
    expect(api.posts).toHaveLength(6)
  })
})
