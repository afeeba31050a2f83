import type { DBCore, DBCoreCursor, DBCoreOpenCursorRequest, DBCoreTable } from 'dexie'
import { describe, expect, it } from 'vitest'
import { draftFieldsMiddleware } from './draftFieldsMiddleware'
import { DERIVED_DRAFT_FIELDS } from './draftSearchFields'

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
