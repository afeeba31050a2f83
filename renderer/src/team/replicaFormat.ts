import { localLedgerName, type PouchConstructor } from './openTeamLedger'

/**
 * Replicas are kept by PouchDB's `indexeddb` adapter (appPouchDB.ts). Those made before were kept by its
 * older `idb` adapter, whose IndexedDB layout the new adapter refuses to open ("Incorrect adapter"), so
 * the replica's name changed with the format (`…-ledger-file-N`, was `…-team-file-N`). A replica of the
 * older format is replicated into the new one, then deleted: what only it held (a claim or a request
 * taken while the team server was away) is not lost, and conflicting revisions move as they are.
 */
export const replicaNameBeforeIndexeddb = (draftsDatabase: string, fileId: number) =>
  localLedgerName(draftsDatabase, fileId).replace(/-ledger-file-(\d+)$/, '-team-file-$1')

export interface OldFormatMove {
  PouchDB: PouchConstructor
  oldName: string
  newName: string
  /** Whether the old replica is on this computer; default: IndexedDB lists PouchDB's database for it. */
  exists?: (name: string) => Promise<boolean>
  /** The adapter the old replica was kept by. */
  oldAdapter?: string
}

interface MovableDb {
  replicate: { to(target: unknown, options: Record<string, unknown>): Promise<unknown> }
  destroy(): Promise<unknown>
  close(): Promise<unknown>
}

/** Answers true when a replica was moved. */
export async function moveOldFormatReplica(move: OldFormatMove): Promise<boolean> {
  const exists = move.exists ?? pouchIndexedDbExists
  if (!(await exists(move.oldName))) return false
  const old = new move.PouchDB(move.oldName, { adapter: move.oldAdapter ?? 'idb' }) as MovableDb
  const replica = new move.PouchDB(move.newName, { auto_compaction: true }) as MovableDb
  try {
    await old.replicate.to(replica, { batch_size: 500 })
  } finally {
    await replica.close()
  }
  await old.destroy()
  return true
}

/** Deletes a database of the older format that holds nothing worth moving (Practice's team, rebuilt from main). */
export async function dropOldFormatDatabase(PouchDB: PouchConstructor, name: string, exists = pouchIndexedDbExists): Promise<void> {
  if (await exists(name)) await (new PouchDB(name, { adapter: 'idb' }) as MovableDb).destroy()
}

/** PouchDB names a database's IndexedDB `_pouch_<name>`; outside a page there is none. */
async function pouchIndexedDbExists(name: string): Promise<boolean> {
  const idb = (globalThis as { indexedDB?: { databases?: () => Promise<Array<{ name?: string }>> } }).indexedDB
  if (!idb?.databases) return false
  const databases = await idb.databases()
  return databases.some((database) => database.name === `_pouch_${name}`)
}
