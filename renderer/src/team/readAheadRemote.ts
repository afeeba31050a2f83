/**
 * PouchDB's replicator takes each batch in turn: ask the replica what it lacks, fetch those documents from
 * the server (`bulkGet`), write them, checkpoint, and only then fetch the next batch's. A clerk joining an
 * office waits for the server and the replica one after the other, 200 times for 100,000 requests, while
 * the two could work at once. Here the remote handle fetches one batch ahead: when the replicator asks
 * for a batch's documents, the next batch the server's changes feed gave is asked for too, with the same
 * question the replicator will put (each listed revision, its history, the latest leaf), and the
 * replicator's own request is answered from it once it comes. Only while the replica lacks everything it
 * is asked about (a clerk joining, or back after a long time away): once a batch holds a document the
 * replica already has, nothing more is fetched ahead until one lacks everything again, so a replica close
 * to the server costs the server nothing more. An answer taken ahead is the one the server would have
 * given a moment later; what changed since comes in the changes feed, as it would anyway.
 */
type RevisionRequest = { id: string; rev: string }
type BulkGetOptions = { docs: RevisionRequest[]; revs?: boolean; latest?: boolean }
type BulkGetResult = { id: string; docs: unknown[] }
type BulkGetAnswer = { results: BulkGetResult[] }
type ChangesAnswer = { results?: Array<{ id?: unknown; changes?: Array<{ rev?: unknown }> }> }
type ChangesFeed = PromiseLike<ChangesAnswer>

interface ReadAheadDb {
  bulkGet(options: BulkGetOptions): Promise<BulkGetAnswer>
  changes(options: Record<string, unknown>): ChangesFeed
}

/** What one answer of the changes feed lists, fetched ahead once the replicator reaches the batch before. */
interface Batch {
  requests: RevisionRequest[]
  keys: Set<string>
  fetched?: Promise<Map<string, BulkGetResult> | null>
}

const keyOf = (request: RevisionRequest) => `${request.id}\u0000${request.rev}`
/** The replicator keeps up to 10 batches of changes ahead (its batches_limit); a few more are kept here. */
const MAX_BATCHES_KEPT = 16

export function readAheadOfReplication(remote: unknown): unknown {
  const db = remote as ReadAheadDb
  const bulkGet = db.bulkGet.bind(db)
  const changes = db.changes.bind(db)
  /** Batches the changes feed gave that the replicator has not finished fetching, in order. */
  let batches: Batch[] = []

  /** The replicator's last request asked for every revision of its batch: the replica lacked them all. */
  let readingAhead = false

  const fetchAhead = () => {
    const next = batches[0]
    if (!readingAhead || !next || next.fetched) return
    next.fetched = bulkGet({ docs: next.requests, revs: true, latest: true }).then(
      (answer) => byRequest(next.requests, answer),
      () => null
    )
  }

  db.changes = (options) => {
    const feed = changes(options)
    // A live feed never ends with a list; the catch-up's answers do. The catch-up is over when the live
    // feed starts: a batch fetched ahead that the replicator never asked for (the replica held it) goes.
    if (options.live === true || options.continuous === true) {
      batches = []
      readingAhead = false
    } else {
      Promise.resolve(feed).then(
        (answer) => {
          const requests = revisionRequestsOf(answer)
          if (requests.length === 0) return
          // Batches whose documents the replica held are never asked for: the oldest go first.
          batches = [...batches.slice(-(MAX_BATCHES_KEPT - 1)), { requests, keys: new Set(requests.map(keyOf)) }]
          fetchAhead()
        },
        () => undefined
      )
    }
    return feed
  }

  db.bulkGet = async (options) => {
    const asked = options.docs
    const at = asked.length > 0 ? batches.findIndex((batch) => batch.keys.has(keyOf(asked[0] as RevisionRequest))) : -1
    const batch = at >= 0 ? batches[at] : undefined
    if (!batch || options.revs !== true || options.latest !== true || !asked.every((request) => batch.keys.has(keyOf(request)))) {
      readingAhead = false
      return bulkGet(options)
    }
    // The batches up to this one are done with; the next is fetched now if the replica lacked all of this one.
    batches = batches.slice(at + 1)
    readingAhead = asked.length === batch.requests.length
    fetchAhead()
    const fetched = batch.fetched ? await batch.fetched : null
    if (!fetched) return bulkGet(options)
    const results: BulkGetResult[] = []
    for (const request of asked) {
      const result = fetched.get(keyOf(request))
      if (!result) return bulkGet(options)
      results.push(result)
    }
    return { results }
  }
  return remote
}

function revisionRequestsOf(answer: ChangesAnswer): RevisionRequest[] {
  const requests: RevisionRequest[] = []
  for (const change of answer.results ?? []) {
    if (typeof change.id !== 'string') continue
    for (const { rev } of change.changes ?? []) if (typeof rev === 'string') requests.push({ id: change.id, rev })
  }
  return requests
}

/** The server answers each revision asked for in the order asked; anything else is not used. */
function byRequest(requests: RevisionRequest[], answer: BulkGetAnswer): Map<string, BulkGetResult> | null {
  if (answer.results.length !== requests.length) return null
  const byKey = new Map<string, BulkGetResult>()
  for (const [index, request] of requests.entries()) {
    const result = answer.results[index]
    if (result?.id !== request.id) return null
    byKey.set(keyOf(request), result)
  }
  return byKey
}
