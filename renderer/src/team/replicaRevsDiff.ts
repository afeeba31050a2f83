/**
 * The replicator asks the replica which of the server's revisions it lacks (`revsDiff`) before each batch.
 * PouchDB answers that with one read of each document's revision tree, each in its own IndexedDB
 * transaction: 500 transactions a batch, 100,000 for a clerk joining an office with years of requests,
 * all for documents the replica has never seen. Here the replica is asked first, in one `allDocs` read,
 * which of the documents it holds at all: a document it has never held lacks every revision (the answer
 * PouchDB would give); only the ones it holds, deleted ones included, go to PouchDB's own revsDiff.
 *
 * A replica that was empty when the ledger opened (a clerk joining the office) is not read at all until
 * its first replication round ends, caught up or not (`joining`): every revision is answered missing. That answer is safe for any
 * document: the replicator writes what it fetches with `new_edits: false`, which merges each revision into
 * the document's tree (a revision already held is skipped, a new one kept beside it as a conflict); at
 * worst a document written meanwhile is fetched again. It saves a read of each of the server's documents,
 * all missing, in a transaction between each batch's writes.
 */
type RevsDiffRequest = Record<string, string[]>
type RevsDiffAnswer = Record<string, { missing: string[]; possible_ancestors?: string[] }>

interface RevsDiffDb {
  revsDiff(request: RevsDiffRequest): Promise<RevsDiffAnswer>
  allDocs(options: { keys: string[] }): Promise<{ rows: Array<{ key: string; error?: string }> }>
}

export function answerRevsDiffForUnheldInOneRead(replica: unknown, joining: () => boolean = () => false): void {
  const db = replica as RevsDiffDb
  const pouchRevsDiff = db.revsDiff.bind(db)
  db.revsDiff = async (request) => {
    const ids = Object.keys(request)
    if (ids.length === 0) return {}
    if (joining()) return Object.fromEntries(Object.entries(request).map(([id, revs]) => [id, { missing: revs }]))
    const { rows } = await db.allDocs({ keys: ids })
    const answer: RevsDiffAnswer = {}
    const held: RevsDiffRequest = {}
    for (const row of rows) {
      const revs = request[row.key]
      if (!revs) continue
      if (row.error === 'not_found') answer[row.key] = { missing: revs }
      else held[row.key] = revs
    }
    return Object.keys(held).length > 0 ? { ...answer, ...(await pouchRevsDiff(held)) } : answer
  }
}
