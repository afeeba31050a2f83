import { describe, expect, it } from 'vitest'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository, validContent } from '../testSupport/openTestDb'
import type { SendOutcome } from './queueOutcomes'

/** A group transaction's outcomes and claims written together (queueGroupWrite.ts, queueGroupOutcomes.ts). */
const LATER = Number.MAX_SAFE_INTEGER
const REFUSED: SendOutcome = { kind: 'needs-attention', error: { code: 'validation', message: 'Refused by payroll.', status: 400 } }

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  const queued = async (employeeId: number) => {
    const draft = await repo.createDraft(FILE_ID, validContent({ employeeId }))
    const moved = await repo.queueDraft(draft.id)
    if (!moved.ok) throw new Error(moved.error.message)
    return moved.value
  }
  const sending = async (employeeId: number) => {
    const draft = await queued(employeeId)
    const written = await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: [draft.id] }, { now: LATER })
    if (!written.claimed[0]?.ok) throw new Error('not claimed')
    return draft
  }
  return { db, repo, queued, sending }
}

describe('a group’s outcomes written together', () => {
  it('record each outcome with its attempt, a success with its history line under the clerk’s names; a draft gone records nothing', async () => {
    const { repo, sending } = await setup()
    const aroha = await sending(11)
    const bruno = await sending(12)
    const written = await repo.queue.claimAndRecord(
      {
        outcomes: [
          { id: aroha.id, outcome: { kind: 'synced', serverId: 4101, lastModifiedDateUtc: 'v1' } },
          { id: 'no-such-draft', outcome: REFUSED },
          { id: bruno.id, outcome: REFUSED }
        ],
        releases: [],
        claims: []
      },
      { now: LATER }
    )
    expect(written.recorded.map((result) => result.ok)).toEqual([true, false, true])
    expect(await repo.getDraft(aroha.id)).toMatchObject({ status: 'synced', serverId: 4101, lastModifiedDateUtc: 'v1' })
    expect(await repo.getDraft(bruno.id)).toMatchObject({ status: 'needs-attention', lastError: { message: 'Refused by payroll.' } })
    expect((await repo.listAttempts(aroha.id)).map((attempt) => attempt.outcome)).toEqual(['ok'])
    expect((await repo.listAttempts(bruno.id)).map((attempt) => attempt.outcome)).toEqual(['validation'])
    expect(await repo.listAttempts('no-such-draft')).toEqual([])
    const history = await repo.listSyncHistory(FILE_ID)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ draftId: aroha.id, serverId: 4101, employeeName: 'Aroha Ngata', leaveTypeName: 'Annual Leave' })
  })

  it('claim a draft asked twice in one group once: one attempt, one request', async () => {
    const { repo, queued } = await setup()
    const draft = await queued(11)
    const written = await repo.queue.claimAndRecord({ outcomes: [], releases: [], claims: [draft.id, draft.id] }, { now: LATER })
    expect(written.claimed.map((claim) => (claim.ok ? 'claimed' : claim.error.reason))).toEqual(['claimed', 'not-now'])
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'sending', attempts: 1 })
  })

  it('write nothing of the group when one of its writes fails: the outcome unrecorded, the next claim not made', async () => {
    const { db, repo, sending, queued } = await setup()
    const aroha = await sending(11)
    const bruno = await queued(12)
    db.attempts.hook('creating', () => {
      throw new Error('The disk is full.')
    })
    const group = { outcomes: [{ id: aroha.id, outcome: { kind: 'synced' as const, serverId: 4102 } }], releases: [], claims: [bruno.id] }
    await expect(repo.queue.claimAndRecord(group, { now: LATER })).rejects.toThrow()
    expect(await repo.getDraft(aroha.id)).toMatchObject({ status: 'sending', attempts: 1 })
    expect(await repo.getDraft(bruno.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await repo.listSyncHistory(FILE_ID)).toEqual([])
  })

  it('write none of the outcomes when a claim after them fails: the outcome unrecorded, no attempt line, no history', async () => {
    const { db, repo, sending, queued } = await setup()
    const aroha = await sending(11)
    const bruno = await queued(12)
    const group = { outcomes: [{ id: aroha.id, outcome: { kind: 'synced' as const, serverId: 4102 } }], releases: [], claims: [bruno.id] }
    // Building the claim's request body asks for the UTC offset of each date: here that fails.
    const failing = {
      now: LATER,
      offsetMinutesOf: () => {
        throw new Error('boom')
      }
    }
    await expect(repo.queue.claimAndRecord(group, failing)).rejects.toThrow('boom')
    expect(await repo.getDraft(aroha.id)).toMatchObject({ status: 'sending', attempts: 1 })
    expect(await db.attempts.where('draftId').equals(aroha.id).count()).toBe(0)
    expect(await repo.listSyncHistory(FILE_ID)).toEqual([])
    expect(await repo.getDraft(bruno.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })
})
