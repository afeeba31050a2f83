import { IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDraftsRepository, openLeaveDeskDb } from '../db'
import { FILE_ID, openTestDb, validContent } from '../db/testSupport/openTestDb'
import type { DraftRecord } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { contentOf } from '../drafts/payrollCopy'
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

  // Every status a record can have, once as a request payroll never held and once as a pending change
  // (Edit, Approve, Reject) of a request in payroll: only the first kind, and only while nothing may have
  // reached payroll, is copied. A pending change copied as a new request would be POSTed as a second record.
  const CASES: { status: DraftStatus; kind: 'new request' | 'change of a request in payroll'; copied: boolean }[] = [
    { status: 'draft', kind: 'new request', copied: true },
    { status: 'queued', kind: 'new request', copied: true },
    { status: 'needs-attention', kind: 'new request', copied: true },
    { status: 'sending', kind: 'new request', copied: false },
    { status: 'uncertain', kind: 'new request', copied: false },
    { status: 'synced', kind: 'new request', copied: false },
    { status: 'draft', kind: 'change of a request in payroll', copied: false },
    { status: 'queued', kind: 'change of a request in payroll', copied: false },
    { status: 'needs-attention', kind: 'change of a request in payroll', copied: false },
    { status: 'sending', kind: 'change of a request in payroll', copied: false },
    { status: 'conflict', kind: 'change of a request in payroll', copied: false },
    { status: 'synced', kind: 'change of a request in payroll', copied: false }
  ]

  it.each(CASES)('$kind, $status: copied $copied', async ({ status, kind, copied }) => {
    const { db } = await openTestDb()
    const repo = createDraftsRepository(db)
    const created = await repo.createDraft(FILE_ID, validContent({ notes: `${kind} ${status}`, leaveStatus: 'Rejected' }))
    const record: DraftRecord = { ...created, status }
    if (kind === 'change of a request in payroll') {
      record.serverId = 9001
      record.lastModifiedDateUtc = '2026-03-01T08:00:00Z'
      record.inPayroll = { content: { ...contentOf(created), leaveStatus: 'Pending' }, lastModifiedDateUtc: '2026-03-01T08:00:00Z', readAt: 1 }
      if (status === 'conflict') record.payrollChanged = record.inPayroll
    }
    await db.drafts.put(record)
    expect((await draftsToCopy(db, FILE_ID)).map((draft) => draft.id)).toEqual(copied ? [created.id] : [])
  })

  it('never copies a change of a request synced before updates existed (payroll Id, no copy kept)', async () => {
    const { db } = await openTestDb()
    const repo = createDraftsRepository(db)
    const created = await repo.createDraft(FILE_ID, validContent({ notes: 'old change' }))
    await db.drafts.put({ ...created, serverId: 9002, lastModifiedDateUtc: '2025-01-01T00:00:00Z' })
    expect(await draftsToCopy(db, FILE_ID)).toEqual([])
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
