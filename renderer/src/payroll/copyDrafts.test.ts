import { IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDraftsRepository, openLeaveDeskDb } from '../db'
import { FILE_ID, openTestDb, validContent } from '../db/testSupport/openTestDb'
import { copyDraftsTo, draftsToCopy, otherPayrolls } from './copyDrafts'
import { PRACTICE } from './payrollDatabase'

describe('Copy to another payroll', () => {
  it('copies the requests not yet in payroll as new drafts there, leaving the originals as they were', async () => {
    const { db, factory } = await openTestDb()
    const repo = createDraftsRepository(db)
    const plain = await repo.createDraft(FILE_ID, validContent({ notes: 'plain' }))
    const queued = await repo.createDraft(FILE_ID, validContent({ notes: 'queued', employeeId: 12 }))
    await repo.queueDraft(queued.id)
    const deleted = await repo.createDraft(FILE_ID, validContent({ notes: 'deleted' }))
    await repo.deleteDraft(deleted.id)

    const drafts = await draftsToCopy(db, FILE_ID)
    expect(drafts.map((draft) => draft.notes)).toEqual(['plain', 'queued'])
    const options = { indexedDB: factory, IDBKeyRange }
    expect(await copyDraftsTo('leave-desk@https://payroll.example.com', drafts, options)).toBe(2)

    const other = await openLeaveDeskDb('leave-desk@https://payroll.example.com', options)
    const copies = await other.drafts.orderBy('seq').toArray()
    expect(copies.map((copy) => [copy.notes, copy.status, copy.fileId])).toEqual([
      ['plain', 'draft', FILE_ID],
      ['queued', 'draft', FILE_ID]
    ])
    expect(copies.map((copy) => copy.id)).not.toContain(plain.id)
    expect(copies[0]?.items).toEqual(plain.items)
    // Nothing there is on its way anywhere, and the originals did not move.
    expect(await other.drafts.where('status').equals('queued').count()).toBe(0)
    expect((await repo.getDraft(queued.id))?.status).toBe('queued')
    other.close()
  })

  it('offers Practice and every payroll this computer keeps drafts for, but not the one open', async () => {
    const names = ['leave-desk', 'leave-desk@https://a.example.com', 'leave-desk@https://b.example.com', 'unrelated']
    expect(otherPayrolls('https://a.example.com', null, names)).toEqual([
      { payroll: PRACTICE, databaseName: 'leave-desk' },
      { payroll: 'https://b.example.com', databaseName: 'leave-desk@https://b.example.com' }
    ])
    expect(otherPayrolls(PRACTICE, null, []).length).toBe(0)
  })
})
