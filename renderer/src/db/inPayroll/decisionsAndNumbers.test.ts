import { describe, expect, it } from 'vitest'
import { draftInStatus } from '../testSupport/draftInStatus'
import { FILE_ID, openTestDb, testRepository } from '../testSupport/openTestDb'
import { payrollRecordOf } from '../testSupport/payrollRecord'

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  return { db, repo }
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

describe('Reject with a reason, and its Undo', () => {
  it('keeps the reason in Notes on a line of its own and in the history, and holds it from the queue for the grace', async () => {
    const { repo } = await setup()
    const synced = await draftInStatus(repo, 'synced')
    const rejected = value(await repo.inPayroll.decide(synced.id, 'Rejected', undefined, { reason: '  Not enough cover that week ', holdMs: 5000 }))
    expect(rejected.notes).toBe('Family visit\nRejected: Not enough cover that week')
    expect(await repo.queue.readyToSend(rejected.nextAttemptAt! - 1)).toEqual([])
    expect((await repo.queue.readyToSend(rejected.nextAttemptAt!)).map((d) => d.id)).toEqual([synced.id])
    expect((await repo.listAttempts(synced.id)).at(-1)).toMatchObject({ outcome: 'decided', message: 'Rejected in Leave Desk: Not enough cover that week' })
  })

  it('Undo within the grace puts payroll’s copy back, queues nothing and says so in the history', async () => {
    const { repo } = await setup()
    const synced = await draftInStatus(repo, 'synced')
    value(await repo.inPayroll.decide(synced.id, 'Rejected', undefined, { reason: 'No', holdMs: 5000 }))
    const undone = value(await repo.inPayroll.undoDecision(synced.id, synced))
    expect(undone).toMatchObject({ status: 'synced', leaveStatus: 'Approved', notes: 'Family visit' })
    expect(await repo.queue.readyToSend(Number.MAX_SAFE_INTEGER)).toEqual([])
    expect((await repo.listAttempts(synced.id)).at(-1)).toMatchObject({ outcome: 'undone' })
  })

  it('Undo is refused once the queue has claimed the request', async () => {
    const { db, repo } = await setup()
    const synced = await draftInStatus(repo, 'synced')
    const rejected = value(await repo.inPayroll.decide(synced.id, 'Rejected', undefined, { holdMs: 5000 }))
    // The grace is over and the queue claimed it (as its claim writes it).
    await db.drafts.put({ ...rejected, status: 'sending', attempts: rejected.attempts + 1, nextAttemptAt: undefined })
    expect(await repo.inPayroll.undoDecision(synced.id, synced)).toMatchObject({ ok: false, error: { message: expect.stringContaining('Too late to undo') } })
  })
})

describe('Open payroll request #…', () => {
  it('keeps a request made elsewhere as one request in payroll, and opening it again finds the same record', async () => {
    const { repo } = await setup()
    const synced = await draftInStatus(repo, 'synced')
    const elsewhere = payrollRecordOf(synced, { Id: 555, StartDate: '2026-04-06T00:00:00', EndDate: '2026-04-07T00:00:00', Status: 'Pending', Items: [] })
    const opened = value(await repo.inPayroll.openFromPayroll(FILE_ID, elsewhere))
    expect(opened.alreadyHere).toBe(false)
    expect(opened.draft).toMatchObject({ status: 'synced', serverId: 555, leaveStatus: 'Pending', startDate: '2026-04-06', endDate: '2026-04-07' })
    expect(opened.draft.inPayroll?.lastModifiedDateUtc).toBe(elsewhere.LastModifiedDateUtc)
    const again = value(await repo.inPayroll.openFromPayroll(FILE_ID, elsewhere))
    expect(again).toEqual({ draft: opened.draft, alreadyHere: true })
    // Then it is decided like any request in payroll.
    expect(value(await repo.inPayroll.decide(opened.draft.id, 'Rejected'))).toMatchObject({ status: 'queued', serverId: 555 })
  })
})

describe('Mark as sent with payroll’s number', () => {
  it('links an uncertain request when employee, leave type and dates match', async () => {
    const { repo } = await setup()
    const uncertain = await draftInStatus(repo, 'uncertain')
    const found = payrollRecordOf({ ...uncertain, serverId: 812 })
    const linked = value(await repo.inPayroll.linkUncertain(uncertain.id, found))
    expect(linked).toMatchObject({ status: 'synced', serverId: 812 })
    expect(linked.inPayroll?.lastModifiedDateUtc).toBe(found.LastModifiedDateUtc)
    expect((await repo.listSyncHistory(FILE_ID)).map((h) => h.serverId)).toEqual([812])
  })

  it('takes what payroll holds when linking: a manager’s approval and days since the send are kept, never the clerk’s older version', async () => {
    const { repo } = await setup()
    const uncertain = await draftInStatus(repo, 'uncertain')
    const approved = payrollRecordOf(
      { ...uncertain, serverId: 814 },
      { Status: 'Approved', Notes: 'Approved by the manager', Items: [{ LineNumber: 1, Date: `${uncertain.startDate}T00:00:00`, Hours: 3.8, IsPaid: true }] }
    )
    const linked = value(await repo.inPayroll.linkUncertain(uncertain.id, approved))
    expect(linked).toMatchObject({ status: 'synced', leaveStatus: 'Approved', notes: 'Approved by the manager' })
    expect(linked.items).toEqual([{ date: uncertain.startDate, hours: 3.8, isPaid: true }])
  })

  it('refuses another request’s number in plain words, naming what differs, and changes nothing', async () => {
    const { repo } = await setup()
    const uncertain = await draftInStatus(repo, 'uncertain')
    const other = payrollRecordOf({ ...uncertain, serverId: 813 }, { EmployeeId: 12, EndDate: '2026-03-05T00:00:00' })
    expect(await repo.inPayroll.linkUncertain(uncertain.id, other)).toMatchObject({
      ok: false,
      error: { message: 'Payroll’s request #813 is not this one: the employee and the last day are different. Nothing was changed. Check the number in payroll.' }
    })
    expect(await repo.getDraft(uncertain.id)).toEqual(uncertain)
  })
})

describe('A number opened that may be an Uncertain insert', () => {
  it('finds the Uncertain insert with the same employee, leave type and dates, and none once the number is linked', async () => {
    const { repo } = await setup()
    const uncertain = await draftInStatus(repo, 'uncertain')
    const same = payrollRecordOf({ ...uncertain, serverId: 820 })
    expect(await repo.inPayroll.uncertainLike(FILE_ID, same)).toEqual(uncertain)
    value(await repo.inPayroll.linkUncertain(uncertain.id, same))
    expect(await repo.inPayroll.uncertainLike(FILE_ID, same)).toBeUndefined()
  })

  it('finds none when the leave type or the last day differs, or the request is not Uncertain', async () => {
    const { repo } = await setup()
    const uncertain = await draftInStatus(repo, 'uncertain')
    expect(await repo.inPayroll.uncertainLike(FILE_ID, payrollRecordOf({ ...uncertain, serverId: 821 }, { LeaveTypePayItemId: 999 }))).toBeUndefined()
    expect(await repo.inPayroll.uncertainLike(FILE_ID, payrollRecordOf({ ...uncertain, serverId: 822 }, { EndDate: '2026-12-31T00:00:00' }))).toBeUndefined()
    const other = await setup()
    const queued = await draftInStatus(other.repo, 'queued')
    expect(await other.repo.inPayroll.uncertainLike(FILE_ID, payrollRecordOf({ ...queued, serverId: 823 }))).toBeUndefined()
  })
})
