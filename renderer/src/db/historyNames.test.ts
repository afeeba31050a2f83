import { describe, expect, it } from 'vitest'
import type { SendOutcome } from './queue'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, OTHER_FILE_ID, SICK_LEAVE, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

/** The names a group transaction's sync records copy, read once per group (historyNames.ts). */
describe('the names in the sync history of drafts synced together', () => {
  it('are each draft’s own employee and leave type, in its own file, or say plainly which are unknown', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE, SICK_LEAVE], 1)
    // The other file knows the same ids by other names.
    await repo.replaceEmployees(OTHER_FILE_ID, [{ Id: 11, FirstName: 'Someone', LastName: 'Else', DisplayName: 'Someone Else', IsActive: true }], 1)
    await repo.replaceLeaveTypes(OTHER_FILE_ID, [{ Id: ANNUAL_LEAVE.Id, Name: 'Holidays' }], 1)

    const contents = [
      { fileId: FILE_ID, content: validContent({ employeeId: 11, leaveTypePayItemId: ANNUAL_LEAVE.Id }) },
      { fileId: FILE_ID, content: validContent({ employeeId: 12, leaveTypePayItemId: SICK_LEAVE.Id }) },
      { fileId: FILE_ID, content: validContent({ employeeId: 12, leaveTypePayItemId: ANNUAL_LEAVE.Id, startDate: '2026-04-06', endDate: '2026-04-06', items: [{ date: '2026-04-06', hours: 7.6, isPaid: true }] }) },
      { fileId: OTHER_FILE_ID, content: validContent({ employeeId: 11, leaveTypePayItemId: ANNUAL_LEAVE.Id }) }
    ]
    const ids: string[] = []
    for (const { fileId, content } of contents) {
      const draft = await repo.createDraft(fileId, content)
      const queued = await repo.queueDraft(draft.id)
      if (!queued.ok) throw new Error(queued.error.message)
      ids.push(draft.id)
    }
    // Claimed together (the third waits behind the second: same employee); the rest synced together at the end.
    const claimed = await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: ids }, { now: Number.MAX_SAFE_INTEGER })
    expect(claimed.claimed.map((claim) => claim.ok)).toEqual([true, true, false, true])
    // A leave type the reference cache no longer knows.
    await db.leaveTypes.delete([FILE_ID, SICK_LEAVE.Id])
    await repo.queue.claimAndRecord({ outcomes: [{ id: ids[1] as string, outcome: synced(2) }], releases: [], claims: [ids[2] as string] }, { now: Number.MAX_SAFE_INTEGER })
    const outcomes = [0, 2, 3].map((index) => ({ id: ids[index] as string, outcome: synced(index + 1) }))
    const written = await repo.queue.claimAndRecord({ outcomes, releases: [], claims: [] })
    expect(written.recorded.every((result) => result.ok)).toBe(true)

    const names = async (fileId: number) =>
      (await repo.listSyncHistory(fileId)).map((record) => [record.employeeName, record.leaveTypeName, record.serverId]).sort((a, b) => Number(a[2]) - Number(b[2]))
    expect(await names(FILE_ID)).toEqual([
      ['Aroha Ngata', ANNUAL_LEAVE.Name, 1],
      ['Bruno Costa', `Leave type #${SICK_LEAVE.Id}`, 2],
      ['Bruno Costa', ANNUAL_LEAVE.Name, 3]
    ])
    expect(await names(OTHER_FILE_ID)).toEqual([['Someone Else', 'Holidays', 4]])
  })
})

describe('the names in the sync history of drafts synced in later groups', () => {
  it('follow the employees and leave types fetched again in between, in that file only', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    for (const fileId of [FILE_ID, OTHER_FILE_ID]) {
      await repo.replaceEmployees(fileId, EMPLOYEES, 1)
      await repo.replaceLeaveTypes(fileId, [ANNUAL_LEAVE], 1)
    }
    const queue = async (fileId: number) => {
      const draft = await repo.createDraft(fileId, validContent({ employeeId: 11, leaveTypePayItemId: ANNUAL_LEAVE.Id }))
      const queued = await repo.queueDraft(draft.id)
      if (!queued.ok) throw new Error(queued.error.message)
      return draft.id
    }
    const [first, second, other] = [await queue(FILE_ID), await queue(FILE_ID), await queue(OTHER_FILE_ID)]
    const now = { now: Number.MAX_SAFE_INTEGER }
    await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: [first, other] }, now)
    // The first is recorded (names read), and the employee's next request claimed behind it.
    await repo.queue.claimAndRecord({ outcomes: [{ id: first, outcome: synced(1) }], releases: [], claims: [second] }, now)
    await repo.replaceEmployees(FILE_ID, [{ ...EMPLOYEES[0]!, DisplayName: 'Aroha Ngata-Smith' }], 2)
    await repo.replaceLeaveTypes(FILE_ID, [{ ...ANNUAL_LEAVE, Name: 'Annual Leave (4 weeks)' }], 2)
    await repo.queue.claimAndRecord({ outcomes: [{ id: second, outcome: synced(2) }, { id: other, outcome: synced(3) }], releases: [], claims: [] }, now)

    const names = async (fileId: number) => (await repo.listSyncHistory(fileId)).map((record) => [record.serverId, record.employeeName, record.leaveTypeName])
    expect(await names(FILE_ID)).toEqual([
      [2, 'Aroha Ngata-Smith', 'Annual Leave (4 weeks)'],
      [1, 'Aroha Ngata', ANNUAL_LEAVE.Name]
    ])
    expect(await names(OTHER_FILE_ID)).toEqual([[3, 'Aroha Ngata', ANNUAL_LEAVE.Name]])
  })

  it('follow a file’s first fetch of its employees and leave types', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const ids: string[] = []
    for (const employeeId of [11, 12]) {
      const draft = await repo.createDraft(FILE_ID, validContent({ employeeId, leaveTypePayItemId: ANNUAL_LEAVE.Id }))
      const queued = await repo.queueDraft(draft.id)
      if (!queued.ok) throw new Error(queued.error.message)
      ids.push(draft.id)
    }
    const [aroha, bruno] = ids as [string, string]
    const now = { now: Number.MAX_SAFE_INTEGER }
    await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: [aroha, bruno] }, now)
    await repo.queue.claimAndRecord({ outcomes: [{ id: aroha, outcome: synced(1) }], releases: [], claims: [] }, now)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 2)
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 2)
    await repo.queue.claimAndRecord({ outcomes: [{ id: bruno, outcome: synced(2) }], releases: [], claims: [] }, now)

    const names = (await repo.listSyncHistory(FILE_ID)).map((record) => [record.serverId, record.employeeName, record.leaveTypeName])
    expect(names).toEqual([
      [2, 'Bruno Costa', ANNUAL_LEAVE.Name],
      [1, 'Employee #11', `Leave type #${ANNUAL_LEAVE.Id}`]
    ])
  })
})

function synced(serverId: number): SendOutcome {
  return { kind: 'synced', serverId, lastModifiedDateUtc: 'x' }
}
