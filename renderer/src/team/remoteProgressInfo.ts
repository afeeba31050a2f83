/**
 * PouchDB's replicator asks the source's `info()` after each batch only to update its progress figures:
 * - with no `catch` (pouchdb-replication 9): a server gone at that moment makes an unhandled rejection,
 *   which lands in the app's error log each time the server goes away. The failure itself is seen by the
 *   replication (its next request fails and the round ends), so a failed ask gets a neutral answer.
 * - after every batch: 200 requests through main to the server for a clerk joining an office with 100,000
 *   requests, each one ahead of the next batch's in the server's queue. An answer less than
 *   PROGRESS_INFO_MAX_AGE_MS old (or still on its way) is given again instead; nothing else reads it.
 */
export const PROGRESS_INFO_MAX_AGE_MS = 1_000

type Info = { update_seq: number | string; db_name: string }
const NOT_REACHED: Info = { update_seq: 0, db_name: 'team ledger (not reached)' }

export function withProgressInfoThatNeverRejects(remote: unknown, now: () => number = Date.now): unknown {
  const db = remote as { info: () => Promise<Info> }
  const info = db.info.bind(db)
  let last: { asked: number; answer: Promise<Info> } | null = null
  db.info = () => {
    const asked = now()
    if (last && asked - last.asked < PROGRESS_INFO_MAX_AGE_MS) return last.answer
    const answer: Promise<Info> = info().catch(() => {
      // A failure is not given again: the next ask goes to the server (unless a newer ask already went).
      if (last?.answer === answer) last = null
      return NOT_REACHED
    })
    last = { asked, answer }
    return answer
  }
  return db
}
