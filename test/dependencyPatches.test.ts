import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

/**
 * Two dependencies are patched (patches/, applied by `npm install` through patch-package, which fails the
 * install when a patch no longer applies; both versions are pinned). What each patch does and must not
 * break is tested where it is used: Dexie's live queries in renderer/src/db/liveQueryWakes.test.ts; the
 * PouchDB adapter's cancelled live feed in the ledger feed's pause (ledgerFeed.ts). This only tells an
 * install run with --ignore-scripts, or an upgrade, that left a patch out.
 */
const PATCHED: Record<string, readonly string[]> = {
  'patches/dexie+4.4.7.patch': ['dexie/dist/dexie.js', 'dexie/dist/dexie.mjs'],
  'patches/pouchdb-adapter-indexeddb+9.0.0.patch': ['pouchdb-adapter-indexeddb/lib/index.js', 'pouchdb-adapter-indexeddb/lib/index.es.js']
}

describe('the dependencies this app builds with', () => {
  it.each(Object.entries(PATCHED))('carry %s', async (patch, files) => {
    const require = createRequire(import.meta.url)
    for (const file of files) expect(await readFile(require.resolve(file), 'utf8')).toContain(patch)
  })
})
