// Dexie's live queries read the page's IndexedDB globals when Dexie loads (a browser always has them), so
// this file installs fake-indexeddb's globals before Dexie; the database itself still uses its own factory.
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

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
