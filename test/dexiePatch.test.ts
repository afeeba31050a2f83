import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// What the patch does and must not break: renderer/src/db/liveQueryWakes.test.ts. This only tells a
// Dexie upgrade (or an install run with --ignore-scripts) that left the patch out.
describe('the Dexie this app builds with', () => {
  it('carries the live-query patch (npm install applies it; a Dexie upgrade must carry it over or drop it on purpose)', async () => {
    const require = createRequire(import.meta.url)
    for (const file of ['dexie/dist/dexie.js', 'dexie/dist/dexie.mjs']) {
      expect(await readFile(require.resolve(file), 'utf8')).toContain('patches/dexie+4.4.7.patch')
    }
  })
})
