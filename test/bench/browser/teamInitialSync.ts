import { openTeamLedger } from '../../../renderer/src/team/openTeamLedger'
import type { TeamFetchApi } from '../../../renderer/src/team/teamFetch'
import type { TeamRequestIndex } from '../../../renderer/src/team/teamRequestIndex'
import { page } from './pageDom'
import { jsHeapUsedMB } from './scaleFigures'

/**
 * A clerk joins an office whose team ledger already holds many requests: the app's own ledger code
 * (openTeamLedger over pouchdb-browser, IndexedDB) in this page, each of the replica's requests crossing
 * to main's `teamFetch` as in the app. Timed from opening the ledger until every request is in the
 * validated index the checks read; the page's JS heap then, with the ledger still open.
 */
export interface TeamInitialSync {
  ms: number
  indexed: number
  heapMB: number
  /** Time and count per kind of step, summed (steps overlap: the replicator fetches ahead). */
  phases: Record<string, { ms: number; count: number }>
}

export async function teamInitialSync(fileId: number, localName: string, expected: number, timeoutMs: number): Promise<TeamInitialSync> {
  const server = await page.leaveDesk.getTeamServer()
  if (!server.ok) throw new Error(`No team server: ${server.error.message}`)
  const phases = new Map<string, { ms: number; count: number }>()
  const add = (phase: string, ms: number) => {
    const time = phases.get(phase) ?? { ms: 0, count: 0 }
    time.ms += ms
    time.count += 1
    phases.set(phase, time)
  }
  const api: TeamFetchApi = {
    teamFetch: async (id, request) => {
      const started = performance.now()
      try {
        return await page.leaveDesk.teamFetch(id, request)
      } finally {
        add(remotePhaseOf(request.path), performance.now() - started)
      }
    }
  }
  // Loaded as the app loads it (pageTeamLedger.ts), so PouchDB stays in its own chunk here too.
  const { appPouchDB } = await import('../../../renderer/src/team/appPouchDB')
  const started = performance.now()
  const ledger = openTeamLedger({ api, fileId, localName, me: server.value.me, PouchDB: appPouchDB })
  timeLocalWrites(ledger.databases.local, add)
  const index = ledger.requests
  const apply = index.apply.bind(index)
  index.apply = (change) => {
    const applyStarted = performance.now()
    apply(change)
    add('ledger validation and index', performance.now() - applyStarted)
  }
  await untilIndexed(index, expected, timeoutMs)
  const ms = performance.now() - started
  const indexed = index.store.getState().byId.size
  const heapMB = jsHeapUsedMB()
  await ledger.stop()
  return { ms, indexed, heapMB, phases: Object.fromEntries([...phases].map(([phase, time]) => [phase, { ms: Math.round(time.ms), count: time.count }])) }
}

/** The next morning: the same replica opened again, until every request is back in the index (ms). */
export async function teamReopen(fileId: number, localName: string, expected: number, timeoutMs: number): Promise<number> {
  const server = await page.leaveDesk.getTeamServer()
  if (!server.ok) throw new Error(`No team server: ${server.error.message}`)
  const { appPouchDB } = await import('../../../renderer/src/team/appPouchDB')
  const started = performance.now()
  const ledger = openTeamLedger({ api: page.leaveDesk, fileId, localName, me: server.value.me, PouchDB: appPouchDB })
  await untilIndexed(ledger.requests, expected, timeoutMs)
  const ms = performance.now() - started
  await ledger.stop()
  return ms
}

function untilIndexed(index: TeamRequestIndex, expected: number, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not all ${expected} requests were indexed within ${timeoutMs} ms.`)), timeoutMs)
    const check = () => {
      if (index.store.getState().byId.size < expected) return
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const unsubscribe = index.store.subscribe(check)
    check()
  })
}

function remotePhaseOf(path: string): string {
  const step = /\/(_changes|_revs_diff|_bulk_get|_bulk_docs|_local|_all_docs)/.exec(path)?.[1]
  return `server ${step ?? (path.replace(/\?.*/, '') || '/')}`
}

/** The replica's own writes: what the replicator stores (its documents, then its checkpoint). */
function timeLocalWrites(local: unknown, add: (phase: string, ms: number) => void): void {
  const db = local as { bulkDocs: (...args: unknown[]) => Promise<unknown> }
  const bulkDocs = db.bulkDocs.bind(db)
  db.bulkDocs = async (...args) => {
    const started = performance.now()
    try {
      return await bulkDocs(...args)
    } finally {
      add('replica writes', performance.now() - started)
    }
  }
}
