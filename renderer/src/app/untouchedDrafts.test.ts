import { describe, expect, it } from 'vitest'
import type { DraftRecord } from '../db'
import { FILE_ID, OTHER_FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { dropUntouchedLeftBehind, isUntouchedDraft } from './untouchedDrafts'

const fresh: DraftRecord = {
  id: 'a',
  fileId: 1001,
  seq: 1,
  status: 'draft',
  attempts: 0,
  createdAt: 1,
  updatedAt: 1,
  startDate: '',
  endDate: '',
  leaveStatus: 'Pending',
  notes: '',
  items: []
}

describe('isUntouchedDraft', () => {
  it('is a draft exactly as New draft made it', () => {
    expect(isUntouchedDraft(fresh)).toBe(true)
  })
  it('is not once anything was chosen or typed, even only the approval or a space', () => {
    for (const change of [
      { employeeId: 5001 },
      { leaveTypePayItemId: 101 },
      { startDate: '2026-03-02' as const },
      { endDate: '2026-03-02' as const },
      { leaveStatus: 'Approved' as const },
      { notes: ' ' },
      { items: [{ date: '2026-03-02' as const, hours: 7.6, isPaid: true }] }
    ]) {
      expect(isUntouchedDraft({ ...fresh, ...change }), JSON.stringify(change)).toBe(false)
    }
  })
  it('is not when it is already deleted or on its way to payroll', () => {
    expect(isUntouchedDraft({ ...fresh, deletedAt: 2 })).toBe(false)
    expect(isUntouchedDraft({ ...fresh, status: 'queued' })).toBe(false)
  })
})

describe('dropUntouchedLeftBehind', () => {
  it('sends drafts left untouched at the last quit to Deleted, keeping the open one, typed ones and other files', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const leftBehind = await repo.createDraft(FILE_ID)
    const open = await repo.createDraft(FILE_ID)
    const typed = await repo.createDraft(FILE_ID, { notes: 'Dentist' })
    const otherFile = await repo.createDraft(OTHER_FILE_ID)

    expect(await dropUntouchedLeftBehind(repo, FILE_ID, open.id)).toBe(1)
    expect(await repo.getDraft(leftBehind.id)).toBeUndefined()
    expect((await repo.listDeletedDrafts(FILE_ID)).map((d) => d.id)).toEqual([leftBehind.id])
    for (const kept of [open, typed, otherFile]) expect(await repo.getDraft(kept.id)).toEqual(kept)
  })
})

