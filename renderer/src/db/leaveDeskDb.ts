import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie'
import type {
  AttemptRecord,
  CachedEmployee,
  CachedLeaveType,
  CounterRecord,
  DraftRecord,
  ReferenceKind,
  ReferenceMeta,
  SyncHistoryRecord
} from './records'
import type { ConfirmedDuplicateRecord, HolidayRegionRecord, WorkPatternRecord } from '../safeguards/safeguardRecords'
import { draftFieldsMiddleware } from './draftFieldsMiddleware'
import { declareSchemaHistory } from './schemaHistory'
import { tableStacksOnce } from './tableStacksOnce'

/**
 * The renderer's one IndexedDB database. Versioned from the first release: every schema it has ever had
 * is declared, in order, from schemaHistory.ts, because a clerk's machine may still hold data written by
 * any past release and Dexie can only upgrade it by walking through each past version and its upgrade.
 */
export class LeaveDeskDb extends Dexie {
  drafts!: EntityTable<DraftRecord, 'id'>
  attempts!: EntityTable<AttemptRecord, 'id'>
  syncHistory!: EntityTable<SyncHistoryRecord, 'draftId'>
  employees!: Table<CachedEmployee, [number, number]>
  leaveTypes!: Table<CachedLeaveType, [number, number]>
  referenceMeta!: Table<ReferenceMeta, [number, ReferenceKind]>
  counters!: EntityTable<CounterRecord, 'name'>
  workPatterns!: Table<WorkPatternRecord, [number, number]>
  confirmedDuplicates!: EntityTable<ConfirmedDuplicateRecord, 'draftId'>
  holidayRegions!: EntityTable<HolidayRegionRecord, 'fileId'>

  constructor(name: string, options?: DexieOptions) {
    super(name, options)
    declareSchemaHistory(this)
    this.use(draftFieldsMiddleware)
    this.use(tableStacksOnce)
  }
}

export interface OpenLeaveDeskDbOptions {
  /** An IndexedDB factory other than the page's own (tests and benchmarks use fake-indexeddb). */
  indexedDB?: DexieOptions['indexedDB']
  IDBKeyRange?: DexieOptions['IDBKeyRange']
  /**
   * 'strict': every readwrite transaction is flushed to disk before it completes. Chromium's default
   * (relaxed) only hands the write to the OS, which a power cut can lose seconds later.
   */
  durability?: 'strict'
}

export const DEFAULT_DB_NAME = 'leave-desk'

/**
 * Opens (creating or upgrading as needed) the database. The app uses the default name; tests and
 * benchmarks pass their own name or factory to get an isolated database.
 */
export async function openLeaveDeskDb(
  name: string = DEFAULT_DB_NAME,
  options: OpenLeaveDeskDbOptions = {}
): Promise<LeaveDeskDb> {
  // No query cache: Dexie keeps one per connection only to answer live queries optimistically before a
  // write commits, and every read and write of every table pays for keeping it. Screens here show what is
  // on disk; a keystroke's save during a batch waited behind that work on the page's main thread.
  const dexieOptions: DexieOptions = { cache: 'disabled' }
  if (options.indexedDB) dexieOptions.indexedDB = options.indexedDB
  if (options.IDBKeyRange) dexieOptions.IDBKeyRange = options.IDBKeyRange
  if (options.durability) dexieOptions.chromeTransactionDurability = options.durability
  const db = new LeaveDeskDb(name, dexieOptions)
  await db.open()
  return db
}
