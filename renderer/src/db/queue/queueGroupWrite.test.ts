import { describe, expect, it } from 'vitest'
import { draftInStatus } from '../testSupport/draftInStatus'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestDb, testRepository, validContent } from '../testSupport/openTestDb'

/** The lane check of claims made together in one group transaction (queueGroupWrite.ts, groupLaneCheck.ts). */
const LATER = Number.MAX_SAFE_INTEGER

async function setup() {
  const { db } = await openTestDb()
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
  return { db, repo, queued, claimTogether }
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
