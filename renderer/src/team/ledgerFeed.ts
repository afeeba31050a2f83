import type { LedgerChange } from './openTeamLedger'

/**
 * What the ledger's index and handlers are fed: every document the replica holds when the ledger opens,
 * read in pages by id (the adapter reads a page in a few IndexedDB requests), then every change after that
 * from the replica's live changes feed. The changes feed alone, from the start, read the replica's whole
 * history one cursor step per document each time the ledger opened: 4.3 s for 10,000 requests (page
 * bench, load 6), so a clerk with years of team requests waited most of a minute for colleagues' warnings.
 * Documents are given with their conflicting revisions (`_conflicts`), as the changes feed gives them.
 */
const PAGE = 1_000

interface FeedDb {
  info(): Promise<{ update_seq: number | string }>
  allDocs(options: Record<string, unknown>): Promise<{ rows: Array<{ id: string; doc?: unknown }> }>
  changes(options: Record<string, unknown>): { on(event: string, listener: (info: unknown) => void): unknown; cancel(): void }
}

export function feedLedger(replica: unknown, onChange: (change: LedgerChange) => void): { stop(): void } {
  const db = replica as FeedDb
  let stopped = false
  let live: ReturnType<FeedDb['changes']> | null = null
  const started = (async () => {
    // Changes from here on come from the feed; what was written before is read in pages (a document
    // written in between comes both ways: applied twice, the same result).
    const { update_seq: since } = await db.info()
    let after: string | undefined
    while (!stopped) {
      const { rows } = await db.allDocs({ include_docs: true, conflicts: true, limit: PAGE, ...(after === undefined ? {} : { startkey: after, skip: 1 }) })
      for (const row of rows) if (row.doc !== undefined) onChange({ id: row.id, doc: row.doc })
      if (rows.length < PAGE) break
      after = rows[rows.length - 1]?.id
    }
    if (stopped) return
    live = db.changes({ since, live: true, include_docs: true, conflicts: true })
    live.on('change', (info) => onChange(info as LedgerChange))
    live.on('error', (error) => console.warn('The team replica stopped reporting changes:', error))
  })()
  started.catch((error: unknown) => console.warn('The team replica could not be read:', error))
  return {
    stop() {
      stopped = true
      live?.cancel()
    }
  }
}
