import type { Dexie, Transaction } from 'dexie'
import { derivedDraftFields } from './draftSearchFields'
import type { DraftRecord } from './records'

/**
 * Every schema this database has ever had, oldest first.
 *
 * Never edit or remove an entry once it has shipped: a clerk's machine may still hold a database at any
 * past version (drafts written offline months ago), and Dexie can only upgrade it by walking from that
 * version through each later declaration and its upgrade function. To change the schema, append a new
 * entry with the next version number, the full `stores` map as it should be from then on, and an
 * `upgrade` that rewrites existing rows into the new shape; then add that version's fixture to
 * schemaUpgrade.test.ts, which fails until every version has one.
 */
export interface SchemaVersion {
  version: number
  stores: Readonly<Record<string, string | null>>
  upgrade?: (tx: Transaction) => Promise<void>
}

/**
 * The stores every version so far has declared exactly as version 1 did. Shipped: never edit it; a version
 * that changes one of these declares its own full map instead of spreading this one.
 */
const STORES_UNCHANGED_SINCE_V1: Readonly<Record<string, string>> = Object.freeze({
  attempts: '++id, [draftId+at]',
  syncHistory: 'draftId, [fileId+syncedAt]',
  employees: '[fileId+id], [fileId+displayName]',
  leaveTypes: '[fileId+id], [fileId+name]',
  referenceMeta: '[fileId+kind]',
  counters: 'name'
})

/** Version 5's stores, unchanged since (shipped: never edit it; a version that changes a store declares its own). */
const STORES_SINCE_V5: Readonly<Record<string, string>> = Object.freeze({
  // [fileId+leaveStatus]: a search for an approval ("pending") as one key range, like a leave type.
  drafts:
    'id, &seq, status, [fileId+seq], [fileId+updatedAt], [fileId+status], [fileId+deletedAt], ' +
    '[status+nextAttemptAt], [fileId+employeeId+seq], [fileId+employeeId+status+seq], ' +
    '[fileId+employeeId+startDate], [fileId+startDate], ' +
    '*words, [fileId+shelf+seq], [fileId+leaveTypePayItemId], [fileId+endDate], [fileId+leaveStatus]',
  ...STORES_UNCHANGED_SINCE_V1,
  workPatterns: '[fileId+employeeId]',
  confirmedDuplicates: 'draftId',
  holidayRegions: 'fileId'
})

/** Version 7's stores, unchanged since (shipped: never edit it; a version that changes a store declares its own). */
const STORES_SINCE_V7: Readonly<Record<string, string>> = Object.freeze({
  ...STORES_SINCE_V5,
  // As version 5, less [fileId+updatedAt], which nothing read: every write to a draft kept it up to date.
  drafts:
    'id, &seq, status, [fileId+seq], [fileId+status], [fileId+deletedAt], ' +
    '[status+nextAttemptAt], [fileId+employeeId+seq], [fileId+employeeId+status+seq], ' +
    '[fileId+employeeId+startDate], [fileId+startDate], ' +
    '*words, [fileId+shelf+seq], [fileId+leaveTypePayItemId], [fileId+endDate], [fileId+leaveStatus]'
})

export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      // [fileId+status]: counts per status; [status+nextAttemptAt]: the queue's pick of due drafts;
      // [fileId+employeeId+seq]: one employee's requests in creation order, and search by employee.
      drafts:
        'id, &seq, status, [fileId+seq], [fileId+updatedAt], [fileId+status], [fileId+deletedAt], ' +
        '[status+nextAttemptAt], [fileId+employeeId+seq]',
      ...STORES_UNCHANGED_SINCE_V1
    }
  },
  {
    version: 2,
    stores: {
      // [fileId+employeeId+status+seq]: "is an earlier request of this employee still on its way?" as a few
      // key-only range reads, instead of reading every earlier request of the employee before each send.
      drafts:
        'id, &seq, status, [fileId+seq], [fileId+updatedAt], [fileId+status], [fileId+deletedAt], ' +
        '[status+nextAttemptAt], [fileId+employeeId+seq], [fileId+employeeId+status+seq]',
      ...STORES_UNCHANGED_SINCE_V1
    }
    // No upgrade function: rows keep their shape; IndexedDB builds the new index from them.
  },
  {
    version: 3,
    stores: {
      // [fileId+employeeId+startDate]: one employee's requests that may overlap a range, read as one
      // bounded key range (a request spans at most MAX_LEAVE_SPAN_DAYS), however many drafts are stored.
      // [fileId+startDate]: the same for everyone in a file, for the leave calendar's month.
      drafts:
        'id, &seq, status, [fileId+seq], [fileId+updatedAt], [fileId+status], [fileId+deletedAt], ' +
        '[status+nextAttemptAt], [fileId+employeeId+seq], [fileId+employeeId+status+seq], ' +
        '[fileId+employeeId+startDate], [fileId+startDate]',
      ...STORES_UNCHANGED_SINCE_V1,
      // Hours per weekday for an employee, kept on this computer only.
      workPatterns: '[fileId+employeeId]',
      // A draft the clerk confirmed as meant despite an exact duplicate, with what it duplicated.
      confirmedDuplicates: 'draftId',
      // Each file's public-holiday region, chosen once.
      holidayRegions: 'fileId'
    }
    // No upgrade function: new tables start empty and rows keep their shape.
  },
  {
    version: 4,
    stores: {
      // The drafts list and its search at 100,000 drafts, from indexes alone (draftSearchFields.ts derives
      // `words` and `shelf` on every write):
      // *words: the notes' words, so a search word is a key range, not a read of every draft's notes;
      // [fileId+shelf+seq]: the open drafts in creation order without the synced years;
      // [fileId+leaveTypePayItemId], [fileId+endDate]: a search by leave type or by a date.
      drafts:
        'id, &seq, status, [fileId+seq], [fileId+updatedAt], [fileId+status], [fileId+deletedAt], ' +
        '[status+nextAttemptAt], [fileId+employeeId+seq], [fileId+employeeId+status+seq], ' +
        '[fileId+employeeId+startDate], [fileId+startDate], ' +
        '*words, [fileId+shelf+seq], [fileId+leaveTypePayItemId], [fileId+endDate]',
      ...STORES_UNCHANGED_SINCE_V1,
      workPatterns: '[fileId+employeeId]',
      confirmedDuplicates: 'draftId',
      holidayRegions: 'fileId'
    },
    // Every stored draft gets its derived fields, so the new indexes hold it. Rewriting a row through
    // Dexie is enough: the draft middleware derives the fields on every put; they are set here as well
    // so the upgrade does not depend on that.
    upgrade: async (tx) => {
      await tx
        .table('drafts')
        .toCollection()
        .modify((draft: DraftRecord) => {
          Object.assign(draft, derivedDraftFields(draft))
        })
    }
  },
  {
    version: 5,
    stores: STORES_SINCE_V5
    // No upgrade function: every draft has stored its approval since version 1; IndexedDB builds the index.
  },
  {
    version: 6,
    // Stores as in version 5: only the rows' shelf changes.
    stores: STORES_SINCE_V5,
    // A request flagged "possibly in payroll twice" now has a shelf of its own ('twice', draftSearchFields.ts),
    // so Needs attention lists it. Flags found before were stored on the synced shelf, and an unchanged flag
    // is never written again (possiblyTwice.ts): without this they would stay out of Needs attention.
    upgrade: async (tx) => {
      await tx
        .table('drafts')
        .filter((draft: DraftRecord) => draft.possiblyTwice !== undefined)
        .modify((draft: DraftRecord) => {
          Object.assign(draft, derivedDraftFields(draft))
        })
    }
  },
  {
    version: 7,
    stores: STORES_SINCE_V7
    // No upgrade function: IndexedDB drops the index; the rows keep their shape.
  }
]

export const CURRENT_SCHEMA_VERSION = SCHEMA_HISTORY[SCHEMA_HISTORY.length - 1]?.version ?? 0

/** Declares the history on a Dexie instance, up to and including `upToVersion` (tests open old versions). */
export function declareSchemaHistory(db: Dexie, upToVersion: number = CURRENT_SCHEMA_VERSION): void {
  for (const entry of SCHEMA_HISTORY) {
    if (entry.version > upToVersion) break
    const declared = db.version(entry.version).stores(entry.stores)
    if (entry.upgrade) declared.upgrade(entry.upgrade)
  }
}
