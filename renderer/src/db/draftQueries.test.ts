import { describe, expect, it } from 'vitest'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import type { DraftRecord } from './records'
import { draftInStatus } from './testSupport/draftInStatus'
import { EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  return { db, repo }
}

describe('counting drafts by status', () => {
  it('counts the file’s live drafts in every status, zero where there are none', async () => {
    const { repo } = await setup()
    await draftInStatus(repo, 'draft')
    await draftInStatus(repo, 'draft')
    await draftInStatus(repo, 'queued')
    await draftInStatus(repo, 'needs-attention')
    await draftInStatus(repo, 'synced')
    const deleted = await draftInStatus(repo, 'draft')
    await repo.deleteDraft(deleted.id)
    await draftInStatus(repo, 'draft', OTHER_FILE_ID)

    expect(await repo.countByStatus(FILE_ID)).toEqual({
      draft: 2,
      queued: 1,
      sending: 0,
      synced: 1,
      'needs-attention': 1,
      uncertain: 0,
      conflict: 0
    })
  })
})

describe('listing drafts', () => {
  it('lists the working set by default, most recently changed first; synced ones are in the history', async () => {
    const { repo } = await setup()
    const older = await repo.createDraft(FILE_ID)
    const synced = await draftInStatus(repo, 'synced')
    const newer = await repo.createDraft(FILE_ID)
    await repo.updateDraft(older.id, { notes: 'touched last' })

    expect((await repo.listDrafts(FILE_ID)).map((d) => d.id)).toEqual([older.id, newer.id])
    expect((await repo.listDrafts(FILE_ID, { order: 'created' })).map((d) => d.id)).toEqual([older.id, newer.id])
    expect((await repo.listDrafts(FILE_ID, { status: ['synced', 'draft'], order: 'created' })).map((d) => d.id)).toEqual([
      older.id,
      synced.id,
      newer.id
    ])
  })

  it('filters by status', async () => {
    const { repo } = await setup()
    await draftInStatus(repo, 'draft')
    const queued = await draftInStatus(repo, 'queued')
    expect((await repo.listDrafts(FILE_ID, { status: 'queued' })).map((d) => d.id)).toEqual([queued.id])
  })

  it('finds drafts by part of the employee’s name, in any case, and only in that file', async () => {
    const { repo } = await setup()
    const aroha = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    const bruno = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    await repo.createDraft(FILE_ID)
    await repo.createDraft(OTHER_FILE_ID, validContent({ employeeId: 11 }))

    expect((await repo.listDrafts(FILE_ID, { search: 'ngata' })).map((d) => d.id)).toEqual([aroha.id])
    expect((await repo.listDrafts(FILE_ID, { search: ' COST ' })).map((d) => d.id)).toEqual([bruno.id])
    expect(await repo.listDrafts(FILE_ID, { search: 'nobody' })).toEqual([])
    expect(await repo.listDrafts(FILE_ID, { search: '  ' })).toHaveLength(3)
  })
})

describe('a file with 10,000 drafts', () => {
  it('counts and lists by status correctly', async () => {
    const { db, repo } = await setup()
    const statusAt = (i: number): DraftStatus => DRAFT_STATUSES[i % DRAFT_STATUSES.length]!
    const drafts: DraftRecord[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...(validContent({ employeeId: EMPLOYEES[i % EMPLOYEES.length]!.Id }) as DraftRecord),
      id: crypto.randomUUID(),
      fileId: FILE_ID,
      seq: i + 1,
      status: statusAt(i),
      attempts: 0,
      createdAt: i,
      updatedAt: i,
      ...(i % 10 === 9 ? { deletedAt: i } : {})
    }))
    await db.drafts.bulkAdd(drafts)

    const expected = Object.fromEntries(
      DRAFT_STATUSES.map((status) => [status, drafts.filter((d) => d.status === status && d.deletedAt === undefined).length])
    )
    expect(await repo.countByStatus(FILE_ID)).toEqual(expected)
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(9_000)

    const queued = await repo.listDrafts(FILE_ID, { status: 'queued', order: 'created' })
    expect(queued).toHaveLength(expected.queued!)
    expect(queued.every((d) => d.status === 'queued' && d.deletedAt === undefined)).toBe(true)
    expect(queued.map((d) => d.seq)).toEqual([...queued.map((d) => d.seq)].sort((a, b) => a - b))

    const arohaNeedsAttention = await repo.listDrafts(FILE_ID, { status: 'needs-attention', search: 'aroha' })
    expect(arohaNeedsAttention).toHaveLength(
      drafts.filter((d) => d.status === 'needs-attention' && d.employeeId === 11 && d.deletedAt === undefined).length
    )
    // Writing 10,000 drafts and every index (the word index included) into fake-indexeddb is most of it:
    // about 16 s alone on these machines and over 20 s when the whole suite shares the cores.
  }, 90_000)
})
