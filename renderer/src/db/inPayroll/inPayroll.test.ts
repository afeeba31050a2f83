import { describe, expect, it } from 'vitest'
import { draftInStatus } from '../testSupport/draftInStatus'
import { openTestDb, testRepository } from '../testSupport/openTestDb'
import { payrollRecordOf } from '../testSupport/payrollRecord'
import type { DraftRecord } from '../records'

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  const synced = await draftInStatus(repo, 'synced')
  return { db, repo, synced }
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const LATER = '2026-03-05T10:00:00Z'

describe('Edit on a request in payroll', () => {
  it('reopens the same record as a pending change, behind every earlier request, based on what payroll accepted', async () => {
    const { repo, synced } = await setup()
    const later = await repo.createDraft(synced.fileId, { employeeId: synced.employeeId })
    const edited = value(await repo.inPayroll.startEdit(synced.id))
    expect(edited).toMatchObject({ id: synced.id, status: 'draft', serverId: synced.serverId })
    expect(edited.seq).toBeGreaterThan(later.seq)
    expect(edited.inPayroll).toEqual({
      content: { employeeId: 11, leaveTypePayItemId: 501, startDate: '2026-03-02', endDate: '2026-03-04', leaveStatus: 'Approved', notes: 'Family visit', items: synced.items },
      lastModifiedDateUtc: synced.lastModifiedDateUtc,
      readAt: synced.syncedAt
    })
    // The clerk's autosave now works on it, and the base stays as read.
    const changed = value(await repo.updateDraft(synced.id, { notes: 'Moved a day' }))
    expect(changed.notes).toBe('Moved a day')
    expect(changed.inPayroll?.content.notes).toBe('Family visit')
  })

  it('asks for a refresh first when payroll’s version is unknown, and for an insert says it is not in payroll', async () => {
    const { db, repo, synced } = await setup()
    const { lastModifiedDateUtc: _dropped, ...old } = synced
    await db.drafts.put(old)
    expect(await repo.inPayroll.startEdit(synced.id)).toMatchObject({ ok: false, error: { reason: 'needs-refresh' } })
    const insert = await draftInStatus(repo, 'draft')
    expect(await repo.inPayroll.startEdit(insert.id)).toMatchObject({ ok: false, error: { reason: 'not-in-payroll' } })
    expect(await repo.getDraft(synced.id)).toEqual(old)
  })

  it('refuses to delete a pending change (deleting here would not delete it in payroll)', async () => {
    const { repo, synced } = await setup()
    value(await repo.inPayroll.startEdit(synced.id))
    expect(await repo.deleteDraft(synced.id)).toMatchObject({ ok: false, error: { reason: 'not-deletable', message: expect.stringContaining('Discard your change') } })
  })
})

describe('Approve and Reject', () => {
  it('rejects a request in payroll in one step: status set, checked and queued for the PUT', async () => {
    const { repo, synced } = await setup()
    const rejected = value(await repo.inPayroll.decide(synced.id, 'Rejected'))
    expect(rejected).toMatchObject({ status: 'queued', leaveStatus: 'Rejected', serverId: synced.serverId })
    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([synced.id])
  })

  it('will not approve a request without days, and writes nothing', async () => {
    const { db, repo } = await setup()
    const pending = await draftInStatus(repo, 'synced')
    const noDays: DraftRecord = { ...pending, leaveStatus: 'Pending', items: [] }
    await db.drafts.put(noDays)
    expect(await repo.inPayroll.decide(pending.id, 'Approved')).toMatchObject({ ok: false, error: { reason: 'needs-days' } })
    expect(await repo.getDraft(pending.id)).toEqual(noDays)
  })

  it('approves a pending change the clerk is editing', async () => {
    const { repo, synced } = await setup()
    value(await repo.inPayroll.startEdit(synced.id))
    value(await repo.updateDraft(synced.id, { leaveStatus: 'Pending' }))
    expect(value(await repo.inPayroll.decide(synced.id, 'Approved'))).toMatchObject({ status: 'queued', leaveStatus: 'Approved' })
  })
})

describe('Refresh from payroll', () => {
  it('takes payroll’s copy of a request with nothing pending and says what changed', async () => {
    const { repo, synced } = await setup()
    const read = payrollRecordOf(synced, { Notes: null, EndDate: '2026-03-03T00:00:00+10:00', LastModifiedDateUtc: LATER })
    const { draft, changes } = value(await repo.inPayroll.applyRefresh(synced.id, read, 5000))
    expect(changes).toEqual([
      { field: 'endDate', before: '2026-03-04', after: '2026-03-03' },
      { field: 'notes', before: 'Family visit', after: '' }
    ])
    expect(draft).toMatchObject({ status: 'synced', notes: '', endDate: '2026-03-03', lastModifiedDateUtc: LATER })
    expect(draft.inPayroll).toMatchObject({ lastModifiedDateUtc: LATER, readAt: 5000 })
  })

  it('says nothing changed, and only moves "read at", when payroll still holds the version a change is based on', async () => {
    const { repo, synced } = await setup()
    value(await repo.inPayroll.startEdit(synced.id))
    const mine = value(await repo.updateDraft(synced.id, { notes: 'Mine' }))
    const { draft, changes } = value(await repo.inPayroll.applyRefresh(synced.id, payrollRecordOf(synced), 9000))
    expect(changes).toEqual([])
    expect(draft).toEqual({ ...mine, inPayroll: { ...mine.inPayroll, readAt: 9000 } })
  })

  it('turns a pending change into a conflict when payroll changed under it, keeping both versions', async () => {
    const { repo, synced } = await setup()
    value(await repo.inPayroll.decide(synced.id, 'Rejected'))
    const theirs = payrollRecordOf(synced, { Notes: 'Changed by the manager', LastModifiedDateUtc: LATER })
    const { draft, changes } = value(await repo.inPayroll.applyRefresh(synced.id, theirs, 9000))
    expect(changes).toEqual([{ field: 'notes', before: 'Family visit', after: 'Changed by the manager' }])
    expect(draft).toMatchObject({ status: 'conflict', leaveStatus: 'Rejected', notes: 'Family visit' })
    expect(draft.payrollChanged).toMatchObject({ lastModifiedDateUtc: LATER, content: { notes: 'Changed by the manager', leaveStatus: 'Approved' } })
    expect(draft.nextAttemptAt).toBeUndefined()
    expect(await repo.queue.readyToSend()).toEqual([])
  })

  it('refuses payroll’s answer for another request', async () => {
    const { repo, synced } = await setup()
    const other = payrollRecordOf(synced, { Id: 99 })
    expect(await repo.inPayroll.applyRefresh(synced.id, other)).toMatchObject({ ok: false, error: { reason: 'not-in-payroll' } })
  })
})

describe('Keep mine and Use payroll’s', () => {
  async function inConflict(notes?: string) {
    const context = await setup()
    value(await context.repo.inPayroll.decide(context.synced.id, 'Rejected'))
    if (notes !== undefined) {
      value(await context.repo.unqueueDraft(context.synced.id))
      value(await context.repo.updateDraft(context.synced.id, { notes }))
    }
    const theirs = payrollRecordOf(context.synced, {
      Notes: 'Paid already',
      LastModifiedDateUtc: LATER,
      Items: context.synced.items.map((item, i) => ({ Date: `${item.date}T00:00:00`, Hours: item.hours, IsPaid: true, LineNumber: i + 1, ProcessedInPayRunId: i === 0 ? 77 : null }))
    })
    value(await context.repo.inPayroll.applyRefresh(context.synced.id, theirs, 9000))
    return context
  }

  it('Keep mine re-bases the change on payroll’s new version field by field, marks the lines payroll paid, queues it and says so in the history', async () => {
    const { repo, synced } = await inConflict()
    const kept = value(await repo.inPayroll.keepMine(synced.id))
    // The clerk changed the approval; payroll alone changed the notes: each side's change is kept.
    expect(kept).toMatchObject({ status: 'queued', leaveStatus: 'Rejected', notes: 'Paid already' })
    expect(kept.inPayroll?.lastModifiedDateUtc).toBe(LATER)
    expect(kept.payrollChanged).toBeUndefined()
    expect(kept.items.map((item) => item.processedInPayRunId)).toEqual([77, undefined, undefined])
    expect((await repo.listAttempts(synced.id)).at(-1)).toMatchObject({ outcome: 'kept-mine' })
  })

  it('Keep mine asks where both changed the same field, writing nothing until the clerk chooses', async () => {
    const { repo, synced } = await inConflict('Family visit, back Monday')
    const before = await repo.getDraft(synced.id)
    expect(await repo.inPayroll.keepMine(synced.id)).toMatchObject({
      ok: false,
      error: { reason: 'needs-choice', fields: ['notes'], message: 'You and payroll both changed the notes: choose which to keep first.' }
    })
    expect(await repo.getDraft(synced.id)).toEqual(before)
    const kept = value(await repo.inPayroll.keepMine(synced.id, { choices: { notes: 'mine' } }))
    expect(kept).toMatchObject({ status: 'queued', leaveStatus: 'Rejected', notes: 'Family visit, back Monday' })
  })

  it('Use payroll’s drops the change: payroll’s content, synced, nothing queued, and says so in the history', async () => {
    const { repo, synced } = await inConflict()
    const used = value(await repo.inPayroll.usePayroll(synced.id))
    expect(used).toMatchObject({ status: 'synced', leaveStatus: 'Approved', notes: 'Paid already', lastModifiedDateUtc: LATER })
    expect(used.inPayroll?.lastModifiedDateUtc).toBe(LATER)
    expect(used.payrollChanged).toBeUndefined()
    expect(await repo.queue.readyToSend()).toEqual([])
    expect((await repo.listAttempts(synced.id)).at(-1)).toMatchObject({ outcome: 'used-payroll' })
  })

  it('Discard my change takes a queued change back to payroll’s copy', async () => {
    const { repo, synced } = await setup()
    value(await repo.inPayroll.decide(synced.id, 'Rejected'))
    const discarded = value(await repo.inPayroll.usePayroll(synced.id))
    expect(discarded).toMatchObject({ status: 'synced', leaveStatus: 'Approved' })
    expect(await repo.queue.readyToSend()).toEqual([])
  })

  it('will not drop or take back a change whose PUT may have reached payroll, nor keep one that is not in conflict', async () => {
    const { db, repo, synced } = await setup()
    const queued = value(await repo.inPayroll.decide(synced.id, 'Rejected'))
    const unconfirmed: DraftRecord = { ...queued, unconfirmedUpdate: { attempt: 2, body: { EmployeeId: 11, LeaveTypePayItemId: 501, StartDate: '2026-03-02', EndDate: '2026-03-04', Status: 'Rejected', LastModifiedDateUtc: 'x' } } }
    await db.drafts.put(unconfirmed)
    expect(await repo.inPayroll.usePayroll(synced.id)).toMatchObject({ ok: false, error: { reason: 'still-sending' } })
    expect(await repo.unqueueDraft(synced.id)).toMatchObject({ ok: false, error: { reason: 'still-sending' } })
    expect(await repo.inPayroll.keepMine(synced.id)).toMatchObject({ ok: false, error: { reason: 'illegal-transition' } })
    expect(await repo.getDraft(synced.id)).toEqual(unconfirmed)
  })
})
