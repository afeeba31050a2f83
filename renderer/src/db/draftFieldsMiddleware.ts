import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie'
import { DERIVED_DRAFT_FIELDS, derivedDraftFields } from './draftSearchFields'
import { createNotesWordsMemo } from './notesWordsMemo'
import type { DraftRecord } from './records'

const DRAFTS = 'drafts'

/** Shared by every connection: a pure function of the notes, remembered (notesWordsMemo.ts). */
const wordsOfNotes = createNotesWordsMemo()

/**
 * Deleted last-added first: the record comes back from IndexedDB with the derived fields last, in this
 * order, and V8 keeps an object's fast shape only when the property deleted is its last one. Deleted in
 * the other order, every draft read would become a slow dictionary object for the rest of its life.
 */
const DERIVED_LAST_FIRST = [...DERIVED_DRAFT_FIELDS].reverse()

/**
 * Keeps the drafts' derived index fields (draftSearchFields.ts) right on every write, whoever writes:
 * the editor's autosave, an import, the queue's moves, an upgrade, a `modify()` over a range. It sits in
 * Dexie's own request path (a DBCore middleware), so no write can forget them, and it takes them off
 * every record read so they never travel further (into the editor, an export, a test's expectation).
 */
export const draftFieldsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'DraftDerivedFields',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name)
      return name === DRAFTS ? withDerivedFields(table) : table
    }
  })
}

function withDerivedFields(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate(req) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req)
      const values = req.values.map((value: DraftRecord) => ({ ...value, ...derivedDraftFields(value, wordsOfNotes) }))
      return table.mutate({ ...req, values })
    },
    get: (req) => table.get(req).then(withoutDerived),
    getMany: (req) => table.getMany(req).then((values) => values.map(withoutDerived)),
    // `.then` on Dexie's own promises, as its built-in middlewares do: an `async` function here would hand
    // back a plain promise, outside the transaction's zone.
    query: (req) =>
      table.query(req).then((response) => (req.values ? { ...response, result: response.result.map(withoutDerived) } : response)),
    openCursor: (req) => table.openCursor(req).then((cursor) => (cursor && req.values ? cursorWithoutDerived(cursor) : cursor))
  }
}

/** The record as the app stores it. Reads are fresh copies, so the fields are deleted in place, unless frozen. */
function withoutDerived<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  const record = value as Record<string, unknown>
  if (!DERIVED_DRAFT_FIELDS.some((field) => field in record)) return value
  if (Object.isFrozen(record)) {
    const copy = { ...record }
    for (const field of DERIVED_LAST_FIRST) delete copy[field]
    return Object.freeze(copy) as T
  }
  for (const field of DERIVED_LAST_FIRST) delete record[field]
  return value
}

/**
 * The cursor with its value read through `withoutDerived`. A Proxy, not an object whose prototype is the
 * cursor: in a browser the cursor is a native IDBCursor, whose methods and getters throw "Illegal
 * invocation" unless called on the cursor itself (fake-indexeddb does not check, so only Chromium shows it).
 */
function cursorWithoutDerived(cursor: DBCoreCursor): DBCoreCursor {
  return new Proxy(cursor, {
    get(target, property) {
      if (property === 'value') return withoutDerived(target.value)
      const member: unknown = Reflect.get(target, property, target)
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member
    }
  })
}
