import type { DBCore, DBCoreCursor, DBCoreOpenCursorRequest, DBCoreTable } from 'dexie'
import { describe, expect, it } from 'vitest'
import { draftFieldsMiddleware } from './draftFieldsMiddleware'
import { DERIVED_DRAFT_FIELDS } from './draftSearchFields'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

/**
 * A cursor that checks its receiver as a browser's native IDBCursor does (private fields throw on any
 * other `this`): fake-indexeddb does not, so without this the app's cursors only broke in Chromium.
 */
class BrandCheckedCursor {
  readonly #value: Record<string, unknown>
  #advanced = 0
  constructor(value: Record<string, unknown>) {
    this.#value = value
  }
  get key(): string {
    return String(this.#value.id)
  }
  get value(): Record<string, unknown> {
    return this.#value
  }
  continue(): number {
    return (this.#advanced += 1)
  }
}

function wrappedCursor(stored: Record<string, unknown>): Promise<DBCoreCursor | null> {
  const cursor = new BrandCheckedCursor(stored) as unknown as DBCoreCursor
  const table = { openCursor: () => Promise.resolve(cursor) } as unknown as DBCoreTable
  const down = { table: () => table } as unknown as DBCore
  const create = draftFieldsMiddleware.create as (down: DBCore) => DBCore
  return create(down).table('drafts').openCursor({ values: true } as DBCoreOpenCursorRequest)
}

describe('the drafts table’s cursors', () => {
  it('read values without the derived index fields, and still work as the native cursor they wrap', async () => {
    const derived = Object.fromEntries(DERIVED_DRAFT_FIELDS.map((field) => [field, ['x']]))
    const cursor = await wrappedCursor({ id: 'a', notes: 'Dentist', ...derived })
    if (!cursor) throw new Error('expected a cursor')
    expect(cursor.value).toEqual({ id: 'a', notes: 'Dentist' })
    expect(cursor.key).toBe('a')
    expect(() => (cursor as unknown as { continue(): number }).continue()).not.toThrow()
  })
})

describe('the notes’ words the search index holds', () => {
  async function setup() {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
    const idsWithWord = async (prefix: string) => (await db.drafts.where('words').startsWith(prefix).primaryKeys()).sort()
    return { db, repo, idsWithWord }
  }

  it('follow an edit of the notes, and the queue’s writes that leave the notes alone keep them', async () => {
    const { repo, idsWithWord } = await setup()
    const draft = await repo.createDraft(FILE_ID, validContent({ notes: 'Dentist appointment' }))
    const other = await repo.createDraft(FILE_ID, validContent({ notes: 'Dentist again' }))
    expect(await idsWithWord('dent')).toEqual([draft.id, other.id].sort())

    await repo.updateDraft(draft.id, { notes: 'School (family) pickup' })
    expect(await idsWithWord('dent')).toEqual([other.id])
    expect(await idsWithWord('family')).toEqual([draft.id])

    await repo.queueDraft(draft.id)
    const claimed = await repo.queue.claim(draft.id)
    expect(claimed.ok).toBe(true)
    await repo.queue.recordOutcome(draft.id, { kind: 'synced', serverId: 42, lastModifiedDateUtc: 'x' })
    expect((await repo.getDraft(draft.id))?.status).toBe('synced')
    expect(await idsWithWord('family')).toEqual([draft.id])
    expect(await idsWithWord('school')).toEqual([draft.id])
    expect(await idsWithWord('dent')).toEqual([other.id])

    // The same words written again after an edit back: the remembered text is the edited one's, not stale.
    await repo.updateDraft(other.id, { notes: 'School (family) pickup' })
    expect(await idsWithWord('family')).toEqual([draft.id, other.id].sort())
    expect(await idsWithWord('dent')).toEqual([])
  })

  it('never reach the records the app reads, after a queue write either', async () => {
    const { repo } = await setup()
    const draft = await repo.createDraft(FILE_ID, validContent({ notes: 'Dentist' }))
    await repo.queueDraft(draft.id)
    await repo.queue.claim(draft.id)
    const stored = await repo.getDraft(draft.id)
    for (const field of DERIVED_DRAFT_FIELDS) expect(stored).not.toHaveProperty(field)
    expect(stored).toMatchObject({ notes: 'Dentist', status: 'sending' })
  })
})
