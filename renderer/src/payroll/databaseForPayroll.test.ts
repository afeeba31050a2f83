import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDraftsRepository } from '../db'
import { claimDatabase, databaseOwner } from '../db/databaseOwner'
import { FILE_ID, validContent } from '../db/testSupport/openTestDb'
import { databaseForPayroll, databaseShelf, DatabaseOfAnotherPayrollError } from './databaseForPayroll'
import { mergeDatabase } from './mergeDatabase'
import { PRACTICE } from './payrollDatabase'

const SAASU = 'https://api.saasu.com'

function freshShelf() {
  return databaseShelf({ indexedDB: new IDBFactory(), IDBKeyRange })
}

/** A database holding one draft per note, each queued (on its way to payroll) when `queued`. */
async function databaseWith(shelf: ReturnType<typeof freshShelf>, name: string, notes: string[], queued = true) {
  const db = await shelf.open(name)
  const repo = createDraftsRepository(db)
  for (const note of notes) {
    const draft = await repo.createDraft(FILE_ID, validContent({ notes: note }))
    if (queued) await repo.queueDraft(draft.id)
  }
  db.close()
}

async function draftsIn(shelf: ReturnType<typeof freshShelf>, name: string) {
  const db = await shelf.open(name)
  const drafts = await db.drafts.orderBy('seq').toArray()
  db.close()
  return drafts.map((draft) => [draft.notes, draft.status])
}

describe('one drafts database per payroll, whatever the spelling of its address', () => {
  it('moves the drafts of databases named by old spellings into the one database, still queued', async () => {
    const shelf = freshShelf()
    await databaseWith(shelf, 'leave-desk@https://API.saasu.com:443/', ['first'])
    await databaseWith(shelf, 'leave-desk@https://api.saasu.com./', ['second', 'third'])
    await databaseWith(shelf, 'leave-desk@https://other.example.com', ['elsewhere'])

    expect(await databaseForPayroll(SAASU, null, shelf)).toBe('leave-desk@https://api.saasu.com')
    expect(await draftsIn(shelf, 'leave-desk@https://api.saasu.com')).toEqual([
      ['first', 'queued'],
      ['second', 'queued'],
      ['third', 'queued']
    ])
    expect((await shelf.names()).sort()).toEqual(['leave-desk@https://api.saasu.com', 'leave-desk@https://other.example.com'])
    // The other payroll's drafts were left alone.
    expect(await draftsIn(shelf, 'leave-desk@https://other.example.com')).toEqual([['elsewhere', 'queued']])
  })

  it('moves nothing twice when the move is run again (the app stopped before the old database was removed)', async () => {
    const shelf = freshShelf()
    await databaseWith(shelf, 'leave-desk@https://API.saasu.com', ['only'])
    const source = await shelf.open('leave-desk@https://API.saasu.com')
    const target = await shelf.open('leave-desk@https://api.saasu.com')
    expect(await mergeDatabase(source, target)).toBe(1)
    expect(await mergeDatabase(source, target)).toBe(0)
    expect(await target.drafts.count()).toBe(1)
    source.close()
    target.close()
  })
})

describe('a database records the payroll it belongs to', () => {
  it('keeps the first database with its payroll after the settings file is damaged: Practice gets its own', async () => {
    const shelf = freshShelf()
    await databaseWith(shelf, 'leave-desk', ['real payroll draft'])
    // The first start of this release, with the settings intact, records the owner.
    expect(await databaseForPayroll(SAASU, SAASU, shelf)).toBe('leave-desk')
    // The settings file is damaged: it no longer says whose the first database was, and the clerk picks Practice.
    expect(await databaseForPayroll(PRACTICE, null, shelf)).toBe('leave-desk-practice')
    expect(await draftsIn(shelf, 'leave-desk-practice')).toEqual([])
    // Back on the real payroll, its drafts are where they were.
    expect(await databaseForPayroll(SAASU, null, shelf)).toBe('leave-desk')
    expect(await draftsIn(shelf, 'leave-desk')).toEqual([['real payroll draft', 'queued']])
  })

  it('never opens a database recorded as another payroll’s, even under this payroll’s name', async () => {
    const shelf = freshShelf()
    const db = await shelf.open('leave-desk-practice')
    expect(await claimDatabase(db, SAASU)).toBe('claimed')
    db.close()
    await expect(databaseForPayroll(PRACTICE, SAASU, shelf)).rejects.toBeInstanceOf(DatabaseOfAnotherPayrollError)
    const again = await shelf.open('leave-desk-practice')
    expect(await databaseOwner(again)).toBe(SAASU)
    again.close()
  })
})
