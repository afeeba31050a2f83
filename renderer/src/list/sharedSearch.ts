import { Dexie, type ObservabilitySet } from 'dexie'
import type { LeaveDeskDb } from '../db'
import { searchMatches, type SearchMatch } from './searchMatches'

/** Per connection: what changed it last (a count of committed writes) and the searches read since. */
interface Shared {
  writes: number
  searches: Map<string, { writes: number; matches: Promise<SearchMatch[]> }>
}

/** A few searches are enough: the list and the status chips ask for the same one on the same keystroke. */
const KEPT = 4

const sharedByDb = new WeakMap<LeaveDeskDb, Shared>()

/**
 * searchMatches, read once for every reader that asks while the database is unchanged. A keystroke in
 * the search box starts two readers of the same matches: the drafts list (its ids, in order) and the
 * status chips (their counts). Each read its own, and at 100,000 drafts the two reads, sharing the page
 * and IndexedDB, took twice as long as one. A read is shared until any write to this database commits
 * (this window's, or another's through Dexie's storagemutated): a reader that asks after that gets a new
 * read. A reader that joins a read a write overtook is told of that write by storagemutated itself, as
 * both readers listen to it, so it reads again. Not inside a transaction: a read bound to another
 * transaction could end with it.
 */
export function sharedSearchMatches(db: LeaveDeskDb, fileId: number, words: readonly string[]): Promise<SearchMatch[]> {
  if (Dexie.currentTransaction) return searchMatches(db, fileId, words)
  const shared = sharedOf(db)
  const key = `${fileId}|${words.join(' ')}`
  const known = shared.searches.get(key)
  if (known && known.writes === shared.writes) return known.matches
  const writes = shared.writes
  const matches = searchMatches(db, fileId, words)
  shared.searches.delete(key)
  shared.searches.set(key, { writes, matches })
  if (shared.searches.size > KEPT) shared.searches.delete(shared.searches.keys().next().value as string)
  matches.catch(() => {
    if (shared.searches.get(key)?.matches === matches) shared.searches.delete(key)
  })
  return matches
}

function sharedOf(db: LeaveDeskDb): Shared {
  const known = sharedByDb.get(db)
  if (known) return known
  const shared: Shared = { writes: 0, searches: new Map() }
  sharedByDb.set(db, shared)
  const prefix = `idb://${db.name}/`
  const onMutated = (parts: ObservabilitySet) => {
    if (!Object.keys(parts).some((part) => part.startsWith(prefix))) return
    shared.writes += 1
    shared.searches.clear()
  }
  Dexie.on('storagemutated', onMutated)
  db.on('close', () => {
    Dexie.on.storagemutated.unsubscribe(onMutated)
    sharedByDb.delete(db)
  })
  return shared
}
