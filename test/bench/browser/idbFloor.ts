import type { DraftRecord } from '../../../renderer/src/db'
import { freshSession, session } from './benchSession'
import { queueDrafts } from './draftSeeding'
import type { FloorShape } from '../shared/floorShapes'

/**
 * The floor under the queue's page cost: IndexedDB alone, with no Dexie, no runner and no reads, doing
 * only writes the queue's guarantees need for each synced draft, on the app's own stores and records.
 * One strict transaction per group of `groupSize` drafts, as the batch writer groups them in steady
 * state: the previous group's outcomes and this group's claims, committed before "its requests leave".
 * The shapes are in shared/floorShapes.ts. What no design can avoid is under each: whatever the queue
 * does in JavaScript comes on top.
 */

let prepared: { idb: IDBDatabase; queued: DraftRecord[] } | undefined

/** A fresh database holding `count` queued drafts of run `runTag`, made by the app's own "Queue all". */
export async function prepareIdbFloor(runTag: string, count: number): Promise<number> {
  await freshSession(`bench-idb-floor-${runTag}`)
  await queueDrafts(runTag, count)
  const { db } = session()
  prepared = { idb: db.backendDB(), queued: await db.drafts.toArray() }
  return prepared.queued.length
}

/** Puts every prepared draft back as it was queued, so each run starts alike (the puts overwrite whole records). */
export async function resetIdbFloor(): Promise<void> {
  if (!prepared) throw new Error('Call prepareIdbFloor first.')
  const { idb, queued } = prepared
  await writeAll(idb, 'drafts', queued)
  const tx = idb.transaction(['attempts', 'syncHistory', 'counters'], 'readwrite')
  tx.objectStore('attempts').clear()
  tx.objectStore('syncHistory').clear()
  tx.objectStore('counters').clear()
  await committed(tx)
}

/** One shape over every prepared draft in groups of `groupSize` (after resetIdbFloor); answers wall ms per draft. */
export async function runIdbFloor(shape: FloorShape, groupSize: number): Promise<number> {
  if (!prepared) throw new Error('Call prepareIdbFloor first.')
  const { idb, queued } = prepared
  const started = performance.now()
  await runShape(idb, shape, queued, groupSize)
  return (performance.now() - started) / queued.length
}

async function runShape(idb: IDBDatabase, shape: FloorShape, drafts: readonly DraftRecord[], groupSize: number): Promise<void> {
  const stores = shape === 'appWrites' ? ['drafts', 'attempts', 'syncHistory'] : shape === 'smallClaim' ? ['drafts', 'counters'] : ['drafts']
  let previous: readonly DraftRecord[] = []
  // One more transaction than there are groups: the last one records the last group's outcomes.
  for (let start = 0; start < drafts.length + groupSize; start += groupSize) {
    const group = drafts.slice(start, start + groupSize)
    const tx = idb.transaction(stores, 'readwrite', { durability: 'strict' })
    const now = Date.now()
    for (const draft of previous) {
      tx.objectStore('drafts').put({ ...draft, status: 'synced', serverId: draft.seq, syncedAt: now, sentAt: now, attempts: 1, nextAttemptAt: undefined })
      if (shape === 'smallClaim') tx.objectStore('counters').delete(`claim:${draft.id}`)
      if (shape === 'appWrites') {
        tx.objectStore('attempts').add({ draftId: draft.id, at: now, outcome: 'ok', message: 'Synced.' })
        tx.objectStore('syncHistory').put({
          draftId: draft.id,
          fileId: draft.fileId,
          serverId: draft.seq,
          syncedAt: now,
          markedByClerk: false,
          employeeId: draft.employeeId,
          employeeName: `Employee #${draft.employeeId}`,
          leaveTypeName: 'Annual leave',
          leaveStatus: draft.leaveStatus,
          startDate: draft.startDate,
          endDate: draft.endDate,
          totalHours: 7.6
        })
      }
    }
    for (const draft of group) {
      if (shape === 'smallClaim') tx.objectStore('counters').put({ name: `claim:${draft.id}`, boot: 'floor', tag: 'f', at: now })
      else tx.objectStore('drafts').put({ ...draft, status: 'sending', sentAt: now, nextAttemptAt: undefined, claimedUnder: { boot: 'floor', tag: 'f' } })
    }
    await committed(tx)
    previous = group
  }
}

async function writeAll(idb: IDBDatabase, store: string, records: readonly object[]): Promise<void> {
  const tx = idb.transaction([store], 'readwrite')
  for (const record of records) tx.objectStore(store).put(record)
  await committed(tx)
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('The transaction failed.'))
    tx.onabort = () => reject(tx.error ?? new Error('The transaction was aborted.'))
  })
}
