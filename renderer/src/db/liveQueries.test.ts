// Dexie's live queries read the page's IndexedDB globals when Dexie loads (a browser always has them), so
// this file installs fake-indexeddb's globals before Dexie; the database itself still uses its own factory.
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

/** Resolves with the first value the observable emits that passes `accept`. */
function firstMatching<T>(observable: ReturnType<typeof liveQuery<T>>, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = observable.subscribe({
      next: (value) => {
        if (!accept(value)) return
        subscription.unsubscribe()
        resolve(value)
      },
      error: reject
    })
  })
}

describe('the repository’s reads as live queries (how the screens use them)', () => {
  it('re-run when the clerk queues a draft, so badges and lists update by themselves', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const draft = await repo.createDraft(FILE_ID, validContent())
    const counts = liveQuery(() => repo.countByStatus(FILE_ID))
    const queuedList = liveQuery(() => repo.listDrafts(FILE_ID, { status: 'queued' }))
    await firstMatching(counts, (c) => c.draft === 1)

    const countsAfter = firstMatching(counts, (c) => c.queued === 1)
    const listAfter = firstMatching(queuedList, (list) => list.length === 1)
    await repo.queueDraft(draft.id)

    expect(await countsAfter).toMatchObject({ draft: 0, queued: 1 })
    expect((await listAfter).map((d) => d.id)).toEqual([draft.id])
  })
})

describe('an autosave as the live queries see it', () => {
  it('updates the draft’s row and a search for the word being typed, and leaves the status counts alone', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const draft = await repo.createDraft(FILE_ID, { ...validContent(), notes: 'Back on Monday' })
    let countRuns = 0
    const counts = liveQuery(() => {
      countRuns += 1
      return repo.countByStatus(FILE_ID)
    })
    const row = liveQuery(() => repo.getDraft(draft.id))
    const search = liveQuery(() => db.drafts.where('words').startsWith('handov').primaryKeys())
    await firstMatching(counts, (c) => c.draft === 1)
    await firstMatching(row, (d) => d?.notes === 'Back on Monday')
    await firstMatching(search, (ids) => ids.length === 0)
    const countsSubscription = counts.subscribe({})
    await new Promise((resolve) => setTimeout(resolve, 10))
    const countRunsBefore = countRuns

    const rowAfter = firstMatching(row, (d) => d?.notes === 'Back on Monday, handover')
    const searchAfter = firstMatching(search, (ids) => ids.length === 1)
    expect((await repo.updateDraft(draft.id, { notes: 'Back on Monday, handover' })).ok).toBe(true)

    expect((await rowAfter)?.notes).toBe('Back on Monday, handover')
    expect(await searchAfter).toEqual([draft.id])
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Only the notes and the edit time changed: no status count to re-read.
    expect(countRuns).toBe(countRunsBefore)
    countsSubscription.unsubscribe()
  })
})

const NOW = { now: Number.MAX_SAFE_INTEGER }

/**
 * A queued draft whose notes a live search finds ("handov"), claimed first when `claimed`; the search is
 * watched, and `searchRan()` says whether it ran again since. `counts` is the status counts' live query.
 */
async function queuedDraftUnderWatch(claimed: boolean) {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  const draft = await repo.createDraft(FILE_ID, { ...validContent(), notes: 'Handover to Sam' })
  expect((await repo.queueDraft(draft.id)).ok).toBe(true)
  if (claimed) expect((await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: [draft.id] }, NOW)).claimed[0]?.ok).toBe(true)
  let searchRuns = 0
  const search = liveQuery(() => {
    searchRuns += 1
    return db.drafts.where('words').startsWith('handov').primaryKeys()
  })
  const counts = liveQuery(() => repo.countByStatus(FILE_ID))
  await firstMatching(search, (ids) => ids.length === 1)
  await firstMatching(counts, (c) => c[claimed ? 'sending' : 'queued'] === 1)
  const searchSubscription = search.subscribe({})
  await new Promise((resolve) => setTimeout(resolve, 10))
  const searchRunsBefore = searchRuns
  return {
    repo,
    draft,
    counts,
    async searchRanAgain(): Promise<boolean> {
      await new Promise((resolve) => setTimeout(resolve, 20))
      searchSubscription.unsubscribe()
      return searchRuns !== searchRunsBefore
    }
  }
}

describe('a sync group’s claims as the live queries see them', () => {
  it('move the status counts, and leave alone a search whose words the claim does not change', async () => {
    const { repo, draft, counts, searchRanAgain } = await queuedDraftUnderWatch(false)
    const countsAfter = firstMatching(counts, (c) => c.sending === 1)
    const written = await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: [draft.id] }, NOW)
    expect(written.claimed.map((claim) => claim.ok)).toEqual([true])

    expect(await countsAfter).toMatchObject({ queued: 0, sending: 1 })
    // The claim changed the status, attempts and times; the notes' words are as they were.
    expect(await searchRanAgain()).toBe(false)
  })

  it('an outcome moves the counts and writes its sync record whole, and leaves alone a search whose words it does not change', async () => {
    const { repo, draft, counts, searchRanAgain } = await queuedDraftUnderWatch(true)
    const countsAfter = firstMatching(counts, (c) => c.synced === 1)
    await repo.queue.claimAndRecord({ outcomes: [{ id: draft.id, outcome: { kind: 'synced', serverId: 4102 } }], releases: [], claims: [] }, NOW)
    expect(await countsAfter).toMatchObject({ sending: 0, synced: 1 })
    expect(await repo.listSyncHistory(FILE_ID)).toEqual([expect.objectContaining({ draftId: draft.id, serverId: 4102, employeeName: 'Aroha Ngata' })])
    expect(await searchRanAgain()).toBe(false)
  })
})
