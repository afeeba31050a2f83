import { describe, expect, it } from 'vitest'
import { createDraftsRepository } from './draftsRepository'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, steppingClock, testRepository, validContent } from './testSupport/openTestDb'

describe('the Leave Desk database', () => {
  it('reads back a draft exactly as the clerk created and edited it', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const created = await repo.createDraft(FILE_ID, { employeeId: 11 })
    const updated = await repo.updateDraft(created.id, { startDate: '2026-03-02', notes: 'Dentist' })
    expect(updated.ok).toBe(true)

    const read = await repo.getDraft(created.id)
    expect(read).toMatchObject({
      id: created.id,
      fileId: FILE_ID,
      status: 'draft',
      employeeId: 11,
      startDate: '2026-03-02',
      endDate: '',
      leaveStatus: 'Pending',
      notes: 'Dentist',
      items: [],
      attempts: 0
    })
    expect(read?.updatedAt).toBeGreaterThan(created.createdAt)
  })

  it('keeps drafts, their history and the reference cache across a restart', async () => {
    const clock = steppingClock()
    const { db, reopen } = await openTestDb()
    const repo = testRepository(db, clock)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, Date.UTC(2026, 2, 1))
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], Date.UTC(2026, 2, 1))
    const plain = await repo.createDraft(FILE_ID, validContent({ notes: 'stays a draft' }))
    const sent = await repo.createDraft(FILE_ID, validContent())
    await repo.queueDraft(sent.id)
    await repo.queue.claim(sent.id)
    await repo.queue.recordOutcome(sent.id, { kind: 'synced', serverId: 9001, lastModifiedDateUtc: '2026-03-02T09:00:00Z' })
    const before = {
      drafts: await db.drafts.toArray(),
      attempts: await db.attempts.toArray(),
      history: await db.syncHistory.toArray(),
      employees: await db.employees.toArray()
    }

    const reopened = await reopen()
    const again = createDraftsRepository(reopened, { now: clock })
    expect(await reopened.drafts.toArray()).toEqual(before.drafts)
    expect(await reopened.attempts.toArray()).toEqual(before.attempts)
    expect(await reopened.syncHistory.toArray()).toEqual(before.history)
    expect(await reopened.employees.toArray()).toEqual(before.employees)
    expect(await again.referenceAsOf(FILE_ID, 'leaveTypes')).toBe(Date.UTC(2026, 2, 1))
    expect((await again.getDraft(plain.id))?.notes).toBe('stays a draft')
    expect((await again.getDraft(sent.id))?.status).toBe('synced')
  })

  it('numbers drafts in strictly increasing creation order, across restarts and deletes', async () => {
    const { db, reopen } = await openTestDb()
    const repo = testRepository(db)
    const first = await repo.createDraft(FILE_ID)
    const second = await repo.createDraft(FILE_ID)
    await repo.deleteDraft(second.id)

    const reopened = await reopen()
    const again = testRepository(reopened)
    const third = await again.createDraft(FILE_ID)
    const copy = await again.duplicateDraft(first.id)

    const seqs = [first.seq, second.seq, third.seq, copy.ok ? copy.value.seq : Number.NaN]
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(new Set(seqs).size).toBe(4)
  })

  it('gives concurrent creations distinct numbers', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const drafts = await Promise.all(Array.from({ length: 20 }, () => repo.createDraft(FILE_ID)))
    expect(new Set(drafts.map((draft) => draft.seq)).size).toBe(20)
  })
})
