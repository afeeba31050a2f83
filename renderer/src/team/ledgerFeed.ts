import type { LedgerChange } from './openTeamLedger'

/**
 * What the ledger's index and handlers are fed: every document the replica holds when the ledger opens,
 * read in pages by id (the adapter reads a page in a few IndexedDB requests), then every change after that
 * from the replica's live changes feed. The changes feed alone, from the start, read the replica's whole
 * history one cursor step per document each time the ledger opened: 4.3 s for 10,000 requests (page
 * bench, load 6), so a clerk with years of team requests waited most of a minute for colleagues' warnings.
 * Documents are given with their conflicting revisions (`_conflicts`), as the changes feed gives them.
 *
 * While replication catches up with the server (`catchingUp`, from its first batch of documents on), the
 * live feed is paused: its cursor, one IndexedDB step per document in a read-only transaction on the
 * documents' store, held each next batch's write up behind it and read every pulled document a second time
 * (a clerk joining an office with 100,000 requests). Requests the catch-up writes are given from its own
 * batches instead (`pulled`) when the replica held no revision of them: a colleague's request, which only
 * its own install ever writes, arrives with no conflict to weigh. Everything else (a document already
 * held, several revisions at once, settings, claims, this computer's own writes) waits for the feed, which
 * resumes after the catch-up from where it paused and skips what it finds already given at the same
 * revision without conflicts. A catch-up is short unless the replica is far behind (a clerk joining, or
 * back after a long time away); a server that does not answer pauses nothing, as no batch arrives.
 * (The pause needs the adapter's patch, patches/pouchdb-adapter-indexeddb+9.0.0.patch: unpatched, a
 * cancelled live feed went on reading every change.)
 */
const PAGE = 1_000
const PULLED_DIRECTLY = 'request:'

interface FeedDb {
  info(): Promise<{ update_seq: number | string }>
  allDocs(options: Record<string, unknown>): Promise<{ rows: Array<{ id: string; doc?: unknown }> }>
  changes(options: Record<string, unknown>): { on(event: string, listener: (info: unknown) => void): unknown; cancel(): void }
}

export interface LedgerFeed {
  /** Replication is (or is no longer) taking in what the server has before replicating live. */
  catchingUp(on: boolean): void
  /** Documents the catch-up has just written into the replica (its `change` event's `docs`). */
  pulled(docs: readonly unknown[]): void
  stop(): void
}

type PulledDoc = { _id?: unknown; _rev?: unknown; _deleted?: unknown; _revisions?: unknown }

export function feedLedger(replica: unknown, onChange: (change: LedgerChange) => void): LedgerFeed {
  const db = replica as FeedDb
  let stopped = false
  let catchingUp = false
  /** The documents the replica held at opening have all been given. */
  let paged = false
  /** Where the live feed (re)starts: after the last change it gave. */
  let since: number | string | undefined
  let live: ReturnType<FeedDb['changes']> | null = null
  /** The revision last given per document; '' when given deleted or with conflicts (never skipped then). */
  const given = new Map<string, string>()

  const give = (change: LedgerChange) => {
    const doc = change.doc as { _rev?: unknown; _conflicts?: unknown[] } | undefined
    const clean = !change.deleted && typeof doc?._rev === 'string' && (doc._conflicts?.length ?? 0) === 0
    given.set(change.id, clean ? (doc._rev as string) : '')
    onChange(change)
  }
  const alreadyGiven = (change: LedgerChange) => {
    const doc = change.doc as { _rev?: unknown; _conflicts?: unknown[] } | undefined
    return !change.deleted && (doc?._conflicts?.length ?? 0) === 0 && typeof doc?._rev === 'string' && given.get(change.id) === doc._rev
  }

  const follow = () => {
    if (stopped || !paged || catchingUp || live !== null || since === undefined) return
    const feed = db.changes({ since, live: true, include_docs: true, conflicts: true })
    live = feed
    feed.on('change', (info) => {
      if (live !== feed) return
      const change = info as LedgerChange & { seq?: number | string }
      if (change.seq !== undefined) since = change.seq
      if (!alreadyGiven(change)) give(change)
    })
    feed.on('error', (error) => console.warn('The team replica stopped reporting changes:', error))
  }

  const started = (async () => {
    // Changes from here on come from the feed; what was written before is read in pages (a document
    // written in between comes both ways: applied twice, the same result).
    since = (await db.info()).update_seq
    let after: string | undefined
    while (!stopped) {
      const { rows } = await db.allDocs({ include_docs: true, conflicts: true, limit: PAGE, ...(after === undefined ? {} : { startkey: after, skip: 1 }) })
      for (const row of rows) if (row.doc !== undefined) give({ id: row.id, doc: row.doc })
      if (rows.length < PAGE) break
      after = rows[rows.length - 1]?.id
    }
    paged = true
    follow()
  })()
  started.catch((error: unknown) => console.warn('The team replica could not be read:', error))

  return {
    catchingUp(on) {
      catchingUp = on
      if (!on) return follow()
      live?.cancel()
      live = null
    },
    pulled(docs) {
      // Before the replica's own documents are all given, "never held" cannot be told: the feed gives these.
      if (stopped || !paged || !catchingUp) return
      const seen = new Map<string, number>()
      for (const doc of docs as PulledDoc[]) if (typeof doc._id === 'string') seen.set(doc._id, (seen.get(doc._id) ?? 0) + 1)
      for (const pulled of docs as PulledDoc[]) {
        const id = pulled._id
        if (typeof id !== 'string' || !id.startsWith(PULLED_DIRECTLY) || seen.get(id) !== 1 || given.has(id)) continue
        // The replicator's revision history is not part of the document (and would count towards its size).
        const { _revisions: _history, ...doc } = pulled
        give(doc._deleted === true ? { id, deleted: true, doc } : { id, doc })
      }
    },
    stop() {
      stopped = true
      live?.cancel()
      live = null
    }
  }
}
