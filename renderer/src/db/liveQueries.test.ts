// Dexie's live queries read the page's IndexedDB globals when Dexie loads (a browser always has them), so
// this file installs fake-indexeddb's globals before Dexie; the database itself still uses its own factory.
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { firstMatching } from './testSupport/firstMatching'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

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
  it('updates the draft’s row and a search for the word being typed', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const draft = await repo.createDraft(FILE_ID, { ...validContent(), notes: 'Back on Monday' })
    const row = liveQuery(() => repo.getDraft(draft.id))
    const search = liveQuery(() => db.drafts.where('words').startsWith('handov').primaryKeys())
    await firstMatching(row, (d) => d?.notes === 'Back on Monday')
    await firstMatching(search, (ids) => ids.length === 0)

    const rowAfter = firstMatching(row, (d) => d?.notes === 'Back on Monday, handover')
    const searchAfter = firstMatching(search, (ids) => ids.length === 1)
    expect((await repo.updateDraft(draft.id, { notes: 'Back on Monday, handover' })).ok).toBe(true)

    expect((await rowAfter)?.notes).toBe('Back on Monday, handover')
    expect(await searchAfter).toEqual([draft.id])
  })
})

describe('the queue’s claim and outcome as the live queries see them', () => {
  it('a claim moves the status counts to sending; its outcome to synced, with the sync record written whole', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
    const draft = await repo.createDraft(FILE_ID, { ...validContent(), notes: 'Handover to Sam' })
    expect((await repo.queueDraft(draft.id)).ok).toBe(true)
    const counts = liveQuery(() => repo.countByStatus(FILE_ID))
    await firstMatching(counts, (c) => c.queued === 1)

    const sending = firstMatching(counts, (c) => c.sending === 1)
    expect((await repo.queue.claim(draft.id, { now: Number.MAX_SAFE_INTEGER })).ok).toBe(true)
    expect(await sending).toMatchObject({ queued: 0, sending: 1 })

    const synced = firstMatching(counts, (c) => c.synced === 1)
    expect((await repo.queue.recordOutcome(draft.id, { kind: 'synced', serverId: 4102 })).ok).toBe(true)
    expect(await synced).toMatchObject({ sending: 0, synced: 1 })
    expect(await repo.listSyncHistory(FILE_ID)).toEqual([expect.objectContaining({ draftId: draft.id, serverId: 4102, employeeName: 'Aroha Ngata' })])
  })
})
