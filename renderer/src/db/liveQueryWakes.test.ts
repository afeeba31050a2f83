// Dexie's live queries read the page's IndexedDB globals when Dexie loads, so fake-indexeddb's globals
// come first (the database itself still uses its own factory).
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { firstMatching } from './testSupport/firstMatching'
import { FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

/**
 * Dexie is patched (patches/dexie+4.4.7.patch, applied by `npm install`): a live query forgets a change
 * that did not touch what it read once it has answered, instead of keeping every such change for the
 * page's life and merging each new one into that ever larger set; and between its runs it only compares
 * a change with what it read, without copying it. During a batch that merge and that copy, repeated for
 * every live query on screen and every write, held each keystroke's save behind them (docs/benchmark.md).
 * What the patch must not change: a live query still wakes for its own data, and a change made while it
 * is reading is still seen.
 */

describe('a row’s live query while other drafts keep changing (the patched Dexie)', () => {
  it('still wakes for its own draft after hundreds of changes to others', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const watched = await repo.createDraft(FILE_ID, { ...validContent(), notes: 'Watched' })
    const others = await Promise.all(Array.from({ length: 20 }, (_, i) => repo.createDraft(FILE_ID, { ...validContent(), notes: `Other ${i}` })))
    // Counts its runs; answers as a row does.
    let runs = 0
    const row = liveQuery(() => {
      runs += 1
      return repo.getDraft(watched.id)
    })
    const shown: (string | undefined)[] = []
    let onShown = () => {}
    const subscription = row.subscribe((draft) => {
      shown.push(draft?.notes)
      onShown()
    })
    const showing = (notes: string) =>
      new Promise<void>((resolve) => {
        onShown = () => shown.includes(notes) && resolve()
        onShown()
      })
    await showing('Watched')
    const runsBefore = runs

    for (let round = 0; round < 15; round += 1) {
      for (const other of others) expect((await repo.updateDraft(other.id, { notes: `Other changed ${round}` })).ok).toBe(true)
    }
    expect((await repo.updateDraft(watched.id, { notes: 'Watched, then typed into' })).ok).toBe(true)
    await showing('Watched, then typed into')

    // The 300 changes to other drafts did not wake it; its own draft's change did, once.
    expect(runs - runsBefore).toBe(1)
    expect(shown).toEqual(['Watched', 'Watched, then typed into'])
    subscription.unsubscribe()
  })

  it('sees a change to its draft committed while it was still reading', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const draft = await repo.createDraft(FILE_ID, { ...validContent(), notes: 'Before' })
    let committed = false
    let writeStarted = false
    // The first run reads the draft, then keeps reading another table until the change has committed:
    // that change lands while the query is between its first read and its answer.
    const slowRow = liveQuery(async () => {
      const read = await repo.getDraft(draft.id)
      if (!writeStarted) {
        writeStarted = true
        setTimeout(() => {
          void repo.updateDraft(draft.id, { notes: 'Changed while reading' }).then(() => (committed = true))
        }, 0)
        for (let spins = 0; !committed && spins < 10_000; spins += 1) await db.counters.get('seq')
        expect(committed).toBe(true)
      }
      return read
    })

    const seen = await firstMatching(slowRow, (value) => value?.notes === 'Changed while reading')
    expect(seen?.notes).toBe('Changed while reading')
  })
})
