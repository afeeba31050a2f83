// Live queries need fake-indexeddb's globals installed before Dexie loads (see liveQueries.test.ts).
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDraftsRepository } from './draftsRepository'
import { openLeaveDeskDb } from './leaveDeskDb'
import { FILE_ID, openTestDb, steppingClock, TEST_DB_NAME, validContent } from './testSupport/openTestDb'

/**
 * The app claims drafts through a second, strict-durability connection to the same database. The
 * screens read through the first one, so a claim made on the second must reach them like any write.
 */
describe('claiming through a second connection', () => {
  it('is seen by reads and live queries on the main connection', async () => {
    const { db, factory } = await openTestDb()
    const claimDb = await openLeaveDeskDb(TEST_DB_NAME, { indexedDB: factory, IDBKeyRange, durability: 'strict' })
    const now = steppingClock()
    const repo = createDraftsRepository(db, { now, claimDb })
    expect(repo.queue.claimDb).toBe(claimDb)
    const draft = await repo.createDraft(FILE_ID, validContent())
    await repo.queueDraft(draft.id)

    const sending = new Promise<number>((resolve) => {
      const subscription = liveQuery(() => repo.countByStatus(FILE_ID)).subscribe((counts) => {
        if (counts.sending === 1) {
          subscription.unsubscribe()
          resolve(counts.sending)
        }
      })
    })
    const claim = await repo.queue.claim(draft.id, { now: Number.MAX_SAFE_INTEGER })
    expect(claim.ok).toBe(true)
    await expect(sending).resolves.toBe(1)
    expect((await repo.getDraft(draft.id))?.status).toBe('sending')
    claimDb.close()
  })

  it('defaults to the main connection where none is given (tests, benchmarks)', async () => {
    const { db } = await openTestDb()
    expect(createDraftsRepository(db).queue.claimDb).toBe(db)
  })
})
