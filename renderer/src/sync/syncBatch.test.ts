// The runner watches the queue with a Dexie live query, which reads the IndexedDB globals when Dexie
// loads: install fake-indexeddb's first.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { DraftRecord } from '../db'
import type { TeamClaims } from '../team/teamClaims'
import { parseRequestKey } from './requestKeys'
import { accepted, failed, fakeSyncApi, gate, holdAcceptances, runUntil, settleTasks } from './testSupport/fakeSyncApi'
import { runnerFixture } from './testSupport/runnerFixture'

/**
 * The loop's guarantees: a request leaves only once its claim is committed, one request per lane and no
 * more lanes than `concurrency` at once, nothing claimed that is not about to leave, and a stopping
 * answer stops every lane from taking a new claim.
 */
const EMPLOYEES = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]

describe('the sending loop', () => {
  it('posts each draft only once its claim is committed, with four requests out and nothing else claimed', async () => {
    const f = await runnerFixture({ payroll: 'practice' })
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
    expect(f.api.posts).toHaveLength(4)
    // Only the four whose requests are out are claimed: a reload leaves no claim that never left.
    expect(await f.repo.db.drafts.where('status').equals('sending').count()).toBe(4)

    held.open()
    expect(await run).toMatchObject({ ran: true, synced: EMPLOYEES.length })
    expect(statusWhenPosted).toEqual(EMPLOYEES.map(() => 'sending:1'))
    // Each write carries the payroll its database belongs to.
    expect(new Set(f.api.posts.map((post) => post.payroll))).toEqual(new Set(['practice']))
  })

  it('stops taking claims on a stopping answer: the lanes out finish, the rest stay queued untouched', async () => {
    const f = await runnerFixture()
    const drafts = await f.queue(EMPLOYEES)
    const held = holdAcceptances(f.api)
    const run = f.runner.syncNow()
    await runUntil(() => f.api.inFlight === 4)
    f.api.answer = () => failed({ code: 'network', message: 'Payroll cannot be reached.' })
    held.open()
    const summary = await run
    // The four out were accepted; the next claim's request met the outage, and nothing more was claimed.
    expect(summary).toMatchObject({ synced: 4 })
    expect(f.api.posts.length).toBeLessThanOrEqual(4 + 4)
    const untouched = await Promise.all(drafts.slice(f.api.posts.length).map((draft) => f.repo.getDraft(draft.id)))
    for (const stored of untouched) expect(stored).toMatchObject({ status: 'queued', attempts: 0 })
  })

  it('a lane whose team claim was out when a stopping answer came sends nothing: its draft goes back queued, uncounted', async () => {
    const slowClaim = gate()
    const claimsAsked: string[] = []
    const teamClaims: TeamClaims = {
      async before(draftId) {
        claimsAsked.push(draftId)
        // The second lane's team server is slow: it answers only after the first lane's refusal is known.
        if (claimsAsked.length === 2) await slowClaim.opened
        return { kind: 'go' }
      },
      accepted: async () => undefined
    }
    const f = await runnerFixture({ teamClaims, concurrency: 2 })
    const [refused, held] = (await f.queue([11, 12])) as [DraftRecord, DraftRecord]
    f.api.answer = () => failed({ code: 'forbidden', message: 'You have no access to this file.' })
    const run = f.runner.syncNow()
    await runUntil(() => f.api.posts.length === 1 && claimsAsked.length === 2)
    await settleTasks()
    expect((await f.repo.getDraft(refused.id))?.status).toBe('needs-attention')

    slowClaim.open()
    expect(await run).toMatchObject({ needsAttention: 1, synced: 0 })
    // Payroll refused the file: the held lane's request never left, and its try does not count.
    expect(f.api.posts).toHaveLength(1)
    expect(await f.repo.getDraft(held.id)).toMatchObject({ status: 'queued', attempts: 0, lastError: { code: 'forbidden' } })
    expect((await f.repo.getDraft(held.id))?.nextAttemptAt).toBeLessThanOrEqual(f.clock.now())
  })

  it('writes a lane’s acceptance with its next claim: on disk before the next request leaves, and alone if that transaction fails', async () => {
    const f = await runnerFixture({ concurrency: 1 })
    const lane = await f.queue([11, 11, 11])
    const earlierWhenPosted: (string | undefined)[] = []
    f.api.answer = async (_body, index) => {
      earlierWhenPosted.push(index === 0 ? undefined : (await f.repo.getDraft(lane[index - 1]?.id ?? ''))?.status)
      return accepted()
    }
    // The first transaction holding an acceptance and a claim fails: the acceptance is written alone.
    const claim = f.repo.queue.claim
    let failed = false
    f.repo.queue.claim = async (id, options) => {
      if (options?.recordFirst && !failed) {
        failed = true
        throw new Error('The database refused the transaction.')
      }
      return claim(id, options)
    }

    expect(await f.runner.syncNow()).toMatchObject({ synced: 3, uncertain: 0 })
    expect(failed).toBe(true)
    expect(earlierWhenPosted).toEqual([undefined, 'synced', 'synced'])
    expect(f.api.posts).toHaveLength(3)
    for (const draft of lane) expect(await f.repo.getDraft(draft.id)).toMatchObject({ status: 'synced' })
  })

  it('works with the bridge main exposes frozen (no request is mistaken for one that may have left)', async () => {
    const api = fakeSyncApi()
    const f = await runnerFixture({ api: Object.freeze({ ...api }) })
    await f.queue(EMPLOYEES.slice(0, 6))

    expect(await f.runner.syncNow()).toMatchObject({ ran: true, synced: 6, uncertain: 0 })
    expect(api.posts).toHaveLength(6)
  })
})
