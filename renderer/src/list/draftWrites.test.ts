import 'fake-indexeddb/auto'
import { Dexie, type ObservabilitySet } from 'dexie'
import { describe, expect, it } from 'vitest'
import { EMPLOYEES, FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { draftsWritten } from './draftWrites'

/** The parts Dexie reports for the transactions `change` commits, as the drafts list receives them. */
async function partsOf(change: () => Promise<unknown>): Promise<ObservabilitySet[]> {
  const seen: ObservabilitySet[] = []
  const listener = (parts: ObservabilitySet) => void seen.push(parts)
  Dexie.on('storagemutated', listener)
  try {
    await change()
    await new Promise((resolve) => setTimeout(resolve, 0))
  } finally {
    Dexie.on.storagemutated.unsubscribe(listener)
  }
  return seen
}

describe('draftsWritten', () => {
  it('names the draft an autosave wrote, and nothing for another database', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const draft = await repo.createDraft(FILE_ID)
    const parts = await partsOf(() => repo.updateDraft(draft.id, { notes: 'typed' }))
    expect(parts.map((part) => draftsWritten(part, db.name, false))).toEqual([[draft.id]])
    expect(parts.map((part) => draftsWritten(part, 'another-db', false))).toEqual([[]])
  })

  it('says "all" for a bulk write, and for cached employees changing while searching', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const bulk = await partsOf(() =>
      db.drafts.bulkAdd(
        Array.from({ length: 60 }, (_, i) => ({
          id: `bulk-${i}`,
          fileId: FILE_ID,
          seq: 1000 + i,
          status: 'draft' as const,
          attempts: 0,
          createdAt: 1,
          updatedAt: 1,
          items: [],
          notes: ''
        })) as never
      )
    )
    expect(bulk.map((part) => draftsWritten(part, db.name, false))).toEqual(['all'])
    const employees = await partsOf(() => repo.replaceEmployees(FILE_ID, EMPLOYEES, 1))
    expect(employees.map((part) => draftsWritten(part, db.name, true))).toEqual(['all'])
    expect(employees.map((part) => draftsWritten(part, db.name, false))).toEqual([[]])
  })
})
