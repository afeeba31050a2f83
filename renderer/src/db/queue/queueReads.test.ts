import { describe, expect, it } from 'vitest'
import type { DraftStatus } from '../../drafts/draftStatus'
import type { DraftRecord } from '../records'
import { draftInStatus } from '../testSupport/draftInStatus'
import { FILE_ID, OTHER_FILE_ID, openTestDb, testRepository, validContent } from '../testSupport/openTestDb'
import { laneKeyOf } from './queueLanes'

/** Which queued requests wait behind an earlier one of the same employee, as the clerk is told. */
async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  /** A draft of `employeeId` brought to `status`. */
  const make = async (status: DraftStatus, employeeId: number, fileId = FILE_ID): Promise<DraftRecord> => {
    const draft = await draftInStatus(repo, status, fileId)
    await db.drafts.update(draft.id, { employeeId })
    return (await repo.getDraft(draft.id)) as DraftRecord
  }
  return { db, repo, make }
}

describe('requests held behind an earlier one', () => {
  it('counts the queued requests behind an earlier one of their employee that waits for the clerk', async () => {
    const { repo, make } = await setup()
    // Employee 11: needs attention, then two queued → both held.
    await make('needs-attention', 11)
    await make('queued', 11)
    await make('queued', 11)
    // Employee 12: queued, uncertain, queued → only the last is held (the first goes before it).
    await make('queued', 12)
    await make('uncertain', 12)
    await make('queued', 12)
    // Employee 13: two queued → neither is held: the second simply goes after the first.
    await make('queued', 13)
    await make('queued', 13)
    // Employee 14: synced, then queued → not held (synced holds nothing back).
    await make('synced', 14)
    await make('queued', 14)
    // Employee 15: uncertain, then queued in another file → not held (another file is another lane).
    await make('uncertain', 15)
    await make('queued', 15, OTHER_FILE_ID)

    expect(await repo.queue.countHeld()).toBe(3)
  })

  it('does not count deleted requests, on either side', async () => {
    const { repo, make } = await setup()
    const blocker = await make('uncertain', 11)
    const held = await make('queued', 11)
    expect(await repo.queue.countHeld()).toBe(1)
    await repo.deleteDraft(blocker.id)
    expect(await repo.queue.countHeld()).toBe(0)
    await repo.undoDelete(blocker.id)
    await repo.deleteDraft(held.id)
    expect(await repo.queue.countHeld()).toBe(0)
  })

  it('names the earlier requests in the way, oldest first, and none for a request first in line', async () => {
    const { repo, make } = await setup()
    const refused = await make('needs-attention', 11)
    await make('synced', 11)
    const queued = await make('queued', 11)
    const last = await make('queued', 11)
    const other = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))

    expect((await repo.queue.requestsAhead(last)).map((draft) => draft.id)).toEqual([refused.id, queued.id])
    expect((await repo.queue.requestsAhead(queued)).map((draft) => draft.id)).toEqual([refused.id])
    expect(await repo.queue.requestsAhead(refused)).toEqual([])
    expect(await repo.queue.requestsAhead(other)).toEqual([])
  })
})

describe('one lane key for the whole queue', () => {
  it('makes each request with no employee a lane of its own: none holds another back, all are ready together', async () => {
    const { repo } = await setup()
    const noEmployee = async () => {
      const draft = await repo.createDraft(FILE_ID, validContent({ employeeId: undefined }))
      // Queued past the rules, as a draft from an older version could be: the claim will refuse it.
      const queued = await repo.queueDraft(draft.id, () => [])
      if (!queued.ok) throw new Error(queued.error.message)
      return queued.value
    }
    const first = await noEmployee()
    const second = await noEmployee()
    expect(laneKeyOf(first)).not.toBe(laneKeyOf(second))
    expect((await repo.queue.readyToSend(Number.MAX_SAFE_INTEGER)).map((draft) => draft.id)).toEqual([first.id, second.id])
    expect(await repo.queue.requestsAhead(second)).toEqual([])
  })
})
