import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { LeaveDeskDb } from '../leaveDeskDb'
import { draftInStatus } from '../testSupport/draftInStatus'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestDb, testRepository, TEST_DB_NAME, validContent } from '../testSupport/openTestDb'
import { transactionSpy } from '../testSupport/transactionSpy'

/** The lane check of claims made together in one group transaction (queueGroupWrite.ts, groupLaneCheck.ts). */
const LATER = Number.MAX_SAFE_INTEGER

async function setup(db?: LeaveDeskDb) {
  db ??= (await openTestDb()).db
  const repo = testRepository(db)
  for (const fileId of [FILE_ID, OTHER_FILE_ID]) {
    await repo.replaceEmployees(fileId, EMPLOYEES, 1)
    await repo.replaceLeaveTypes(fileId, [ANNUAL_LEAVE], 1)
  }
  const queued = async (employeeId: number, fileId = FILE_ID) => {
    const draft = await repo.createDraft(fileId, validContent({ employeeId }))
    const moved = await repo.queueDraft(draft.id)
    if (!moved.ok) throw new Error(moved.error.message)
    return moved.value
  }
  const claimTogether = async (ids: string[], outcomes: { id: string; outcome: Parameters<typeof repo.queue.recordOutcome>[1] }[] = []) => {
    const written = await repo.queue.claimAndRecord({ outcomes, releases: [], claims: ids }, { now: LATER })
    return written.claimed.map((claim) => (claim.ok ? 'claimed' : claim.error.reason))
  }
  const sending = async (employeeId: number, fileId = FILE_ID) => {
    const draft = await queued(employeeId, fileId)
    expect(await claimTogether([draft.id])).toEqual(['claimed'])
    return draft
  }
  return { db, repo, queued, sending, claimTogether }
}

describe('claims made together in one group', () => {
  it('claim only the earliest request of an employee, whichever order they are asked in; other employees alongside', async () => {
    const { repo, queued, claimTogether } = await setup()
    const first = await queued(11)
    const bruno = await queued(12)
    const second = await queued(11)
    expect(await claimTogether([second.id, bruno.id, first.id])).toEqual(['not-now', 'claimed', 'claimed'])
    expect(await repo.getDraft(second.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await repo.getDraft(first.id)).toMatchObject({ status: 'sending', attempts: 1 })
  })

  it('hold a request behind an earlier one of its employee being sent, until the group records that one synced', async () => {
    const { repo, queued, claimTogether } = await setup()
    const sending = await draftInStatus(repo, 'sending')
    const next = await queued(sending.employeeId as number)
    const otherFile = await queued(sending.employeeId as number, OTHER_FILE_ID)
    expect(await claimTogether([next.id, otherFile.id])).toEqual(['not-now', 'claimed'])
    const synced = { kind: 'synced' as const, serverId: 9, lastModifiedDateUtc: 'x' }
    expect(await claimTogether([next.id], [{ id: sending.id, outcome: synced }])).toEqual(['claimed'])
    expect(await repo.getDraft(sending.id)).toMatchObject({ status: 'synced' })
  })

  it('hold a request behind an earlier one waiting for the clerk, unless it is deleted; a later one holds nothing back', async () => {
    const { repo, queued, claimTogether } = await setup()
    const refused = await draftInStatus(repo, 'needs-attention')
    const held = await queued(refused.employeeId as number)
    const bruno = await queued(12)
    const brunoLater = await draftInStatus(repo, 'uncertain')
    await repo.db.drafts.update(brunoLater.id, { employeeId: 12 })
    expect(await claimTogether([held.id, bruno.id])).toEqual(['not-now', 'claimed'])
    await repo.deleteDraft(refused.id)
    expect(await claimTogether([held.id])).toEqual(['claimed'])
  })

  it('do not let a deleted request of the employee hold one back', async () => {
    const { repo, queued, claimTogether } = await setup()
    const deleted = await queued(11)
    const next = await queued(11)
    await repo.deleteDraft(deleted.id)
    expect(await claimTogether([next.id])).toEqual(['claimed'])
  })

  it('see the group’s own earlier writes of the same draft: claimed again once given back or put back in the queue', async () => {
    const { repo, queued, claimTogether } = await setup()
    const given = await queued(11)
    expect(await claimTogether([given.id])).toEqual(['claimed'])
    const written = await repo.queue.claimAndRecord({ outcomes: [], releases: [given], claims: [given.id] }, { now: LATER })
    expect(written.released).toEqual([true])
    expect(written.claimed.map((claim) => claim.ok)).toEqual([true])
    expect(await repo.getDraft(given.id)).toMatchObject({ status: 'sending', attempts: 1 })

    const retried = await queued(12)
    expect(await claimTogether([retried.id])).toEqual(['claimed'])
    const retry = { kind: 'retry' as const, error: { code: 'network' as const, message: 'Could not connect.' }, nextAttemptAt: 0 }
    expect(await claimTogether([retried.id], [{ id: retried.id, outcome: retry }])).toEqual(['claimed'])
    expect(await repo.getDraft(retried.id)).toMatchObject({ status: 'sending', attempts: 2 })
  })
})

describe('one transaction per group', () => {
  // All of a group commits or none does only while every read and write of it goes through its one
  // transaction: in Chromium a call that slipped out of it would open its own and commit alone.
  it('read and write a whole group, and a single claim, through one transaction each', async () => {
    const spy = transactionSpy()
    const db = new LeaveDeskDb(TEST_DB_NAME, { indexedDB: new IDBFactory(), IDBKeyRange })
    db.use(spy.middleware)
    await db.open()
    const { repo, queued, sending } = await setup(db)
    // A request waiting for the clerk makes every claim ask the lane's full question (queueReads.ts).
    await draftInStatus(repo, 'needs-attention')
    const held = await queued(11)
    const bruno = await sending(12)
    const brunoNext = await queued(12)
    const elsewhere = await sending(11, OTHER_FILE_ID)
    const synced = (serverId: number) => ({ kind: 'synced' as const, serverId, lastModifiedDateUtc: 'v1' })

    let claimed: string[] = []
    const first = await spy.transactionsDuring(async () => {
      const written = await repo.queue.claimAndRecord(
        { outcomes: [{ id: bruno.id, outcome: synced(4101) }], releases: [elsewhere], claims: [brunoNext.id, held.id, brunoNext.id] },
        { now: LATER }
      )
      expect(written.released).toEqual([true])
      claimed = written.claimed.map((claim) => (claim.ok ? 'claimed' : claim.error.reason))
    })
    expect(claimed).toEqual(['claimed', 'not-now', 'not-now'])
    expect(first).toBe(1)
    // The history's names now come from the memo of the first group.
    const second = await spy.transactionsDuring(() =>
      repo.queue.claimAndRecord({ outcomes: [{ id: brunoNext.id, outcome: synced(4102) }], releases: [], claims: [] }, { now: LATER })
    )
    expect(second).toBe(1)
    const single = await spy.transactionsDuring(() => repo.queue.claim(elsewhere.id, { now: LATER }))
    expect(single).toBe(1)
    expect(await repo.getDraft(brunoNext.id)).toMatchObject({ status: 'synced' })
    expect(await repo.getDraft(elsewhere.id)).toMatchObject({ status: 'sending', attempts: 1 })
    expect(await repo.getDraft(held.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })
})
