import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import type { DBCore, Middleware } from 'dexie'
import { describe, expect, it } from 'vitest'
import { LeaveDeskDb } from './leaveDeskDb'
import { FILE_ID, testRepository } from './testSupport/openTestDb'

describe('table stacks built once per connection (tableStacksOnce.ts)', () => {
  it('asks the layers below for a table once, however many transactions use it, and they still do their work', async () => {
    const asked: string[] = []
    // A layer below the memo and above the app's own: it sees every ask that reaches Dexie's layers.
    const counting: Middleware<DBCore> = {
      stack: 'dbcore',
      level: 50,
      create: (down) => ({
        ...down,
        table: (name) => {
          asked.push(name)
          return down.table(name)
        }
      })
    }
    const db = new LeaveDeskDb('table-stacks', { indexedDB: new IDBFactory(), IDBKeyRange })
    db.use(counting)
    await db.open()
    const repo = testRepository(db)

    const draft = await repo.createDraft(FILE_ID, { notes: 'Back Monday' })
    const askedSoFar = asked.length
    for (let i = 0; i < 5; i += 1) await repo.updateDraft(draft.id, { notes: `Back Monday ${i}` })

    expect(asked.length).toBe(askedSoFar)
    // The draft layer below still derives its search words on every write.
    expect(await db.drafts.where('words').equals('monday').count()).toBe(1)
    expect((await repo.getDraft(draft.id))?.notes).toBe('Back Monday 4')
  })
})
