import type { Page } from '@playwright/test'

/**
 * The page's IndexedDB requests, counted by kind (`<store>.<method>` or `<store>/<index>.<method>`, and
 * `transaction`), by wrapping the IDB prototypes in the bench's page from here: nothing of it is in the
 * app's bundle. A request count does not depend on the machine's load, so sessions on a busy machine can
 * still compare the queue's IndexedDB work per draft.
 */
export interface IdbRequestCounts {
  byKind: Record<string, number>
  total: number
}

/** Installed once per page (idempotent), then reset: counting starts from zero at each call. */
const START_COUNTING = `(() => {
  globalThis.__benchIdbCounts = {}
  if (globalThis.__benchIdbCounting) return
  globalThis.__benchIdbCounting = true
  const count = (key) => {
    const counts = globalThis.__benchIdbCounts
    counts[key] = (counts[key] || 0) + 1
  }
  const wrap = (proto, methods, keyOf) => {
    for (const method of methods) {
      const original = proto[method]
      proto[method] = function (...args) {
        count(keyOf(this) + '.' + method)
        return original.apply(this, args)
      }
    }
  }
  const READS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor']
  wrap(IDBObjectStore.prototype, [...READS, 'put', 'add', 'delete', 'clear'], (store) => store.name)
  wrap(IDBIndex.prototype, READS, (index) => index.objectStore.name + '/' + index.name)
  wrap(IDBDatabase.prototype, ['transaction'], () => 'db')
  for (const method of ['continue', 'advance', 'continuePrimaryKey']) {
    const original = IDBCursor.prototype[method]
    IDBCursor.prototype[method] = function (...args) {
      count('cursor.' + method)
      return original.apply(this, args)
    }
  }
})()`

export async function startCountingIdbRequests(page: Page): Promise<void> {
  await page.evaluate(START_COUNTING)
}

/** The requests since startCountingIdbRequests, by kind; `total` leaves out transactions (not requests). */
export async function idbRequestsSoFar(page: Page): Promise<IdbRequestCounts> {
  const byKind = (await page.evaluate('globalThis.__benchIdbCounts ?? {}')) as Record<string, number>
  const sorted = Object.fromEntries(Object.entries(byKind).sort(([a], [b]) => a.localeCompare(b)))
  const total = Object.entries(byKind).reduce((sum, [kind, count]) => (kind === 'db.transaction' ? sum : sum + count), 0)
  return { byKind: sorted, total }
}

/** Counts per draft, rounded to 3 decimals. */
export function perDraft(counts: IdbRequestCounts, drafts: number): IdbRequestCounts {
  const per = (count: number) => Math.round((count / drafts) * 1000) / 1000
  return { byKind: Object.fromEntries(Object.entries(counts.byKind).map(([kind, count]) => [kind, per(count)])), total: per(counts.total) }
}
