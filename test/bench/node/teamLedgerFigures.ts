import { performance } from 'node:perf_hooks'
import { teamRequestId, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import type { TeamComputer } from '../../teamServer/teamComputers'
import { openTeamComputer, setUpOffice, TEAM_DATABASE } from '../../teamServer/teamComputers'
import type { TeamServer } from '../../teamServer/startTeamServer'
import { startTeamServerProcess } from '../../teamServer/startTeamServerProcess'
import type { Section } from './benchReport'

/**
 * The team ledger (issue 29), against the CouchDB-protocol test server (express-pouchdb 4.2, memory):
 * - teamInitialSync100kMs: a clerk joins an office whose ledger holds 100,000 requests; from opening the
 *   ledger until every one is in the validated index the checks read. Target ≤ 60 s. Memory: the Node
 *   process's heap growth (the replica runs under Node here, over PouchDB's memory store, with the
 *   renderer's own ledger code and main's own teamFetch; in the app it is IndexedDB in the page).
 * - teamWarnLatencyMs: A publishes a request, B's index (what the editor's warning reads) has it: the
 *   median of a few, both online and caught up. Target ≤ 2 s.
 */
const REQUESTS = Number(process.env.TEAM_BENCH_REQUESTS ?? 100_000)
const SEED_BATCH = 2_000
const WARN_SAMPLES = 7
const INITIAL_TARGET_MS = 60_000
const WARN_TARGET_MS = 2_000

export async function measureTeamLedger(): Promise<Section> {
  // In its own process, as a real CouchDB is: the replica's time is then this process's, the server's its own.
  const server = await startTeamServerProcess()
  const computers: TeamComputer[] = []
  try {
    await setUpOffice(server, ['ana', 'ben', 'cleo'])
    const warnMs = await warnLatency(server, computers)
    await seed(server, REQUESTS)
    const heapBefore = heapUsed()
    const serverCpuBefore = await server.cpuMs()
    const replicaCpuBefore = process.cpuUsage()
    const started = performance.now()
    const cleo = await openTeamComputer(server, 'cleo')
    computers.push(cleo)
    await until(() => cleo.ledger.requests.store.getState().byId.size >= REQUESTS + WARN_SAMPLES, 600_000)
    const initialMs = Math.round(performance.now() - started)
    const replicaCpu = process.cpuUsage(replicaCpuBefore)
    const replicaCpuMs = Math.round((replicaCpu.user + replicaCpu.system) / 1000)
    const serverCpuAfter = await server.cpuMs()
    const serverCpuMs = serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore
    const heapGrowthMB = Math.round((heapUsed() - heapBefore) / 1024 / 1024)
    return {
      name: 'team',
      rows: [
        {
          figure: `Initial team sync, ${REQUESTS.toLocaleString('en-AU')} requests`,
          value: `${(initialMs / 1000).toFixed(1)} s (heap +${heapGrowthMB} MB; CPU replica ${seconds(replicaCpuMs)}, server ${seconds(serverCpuMs)})`, target: '≤ 60 s', met: initialMs <= INITIAL_TARGET_MS },
        { figure: 'A sends → B warned (online, median)', value: `${warnMs} ms`, target: '≤ 2,000 ms', met: warnMs <= WARN_TARGET_MS }
      ],
      figures: { teamInitialSync100kMs: initialMs, teamInitialSyncHeapMB: heapGrowthMB, teamWarnLatencyMs: warnMs },
      details: {
        requests: REQUESTS,
        initialMs,
        heapGrowthMB,
        // CPU time during the initial sync: the replica's (this process: replicator, main's teamFetch, the
        // ledger's validation and index) and the test server's (its own process).
        replicaCpuMs,
        serverCpuMs,
        warnMs,
        server: 'express-pouchdb 4.2 over pouchdb-core 9, memory adapter, in its own process',
        replica: 'PouchDB memory adapter under Node (the app: IndexedDB)'
      }
    }
  } finally {
    for (const computer of computers) await computer.close()
    await server.stop()
  }
}

async function warnLatency(server: TeamServer, computers: TeamComputer[]): Promise<number> {
  const ana = await openTeamComputer(server, 'ana')
  const ben = await openTeamComputer(server, 'ben')
  computers.push(ana, ben)
  const samples: number[] = []
  for (let n = 0; n < WARN_SAMPLES; n++) {
    const { installId, clerkName } = ana.ledger.databases.me
    const doc: TeamRequestDoc = { ...OLIVIA_DEC, _id: teamRequestId(installId, `warn-${n}`), draftId: `warn-${n}`, enteredBy: { installId, clerkName }, changedBy: { installId, clerkName } }
    const started = performance.now()
    await ana.ledger.databases.local.put(doc)
    await until(() => ben.ledger.requests.store.getState().byId.has(doc._id), 30_000)
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return Math.round(samples[Math.floor(samples.length / 2)] ?? 0)
}

/** The office's history, written straight to the server in batches, as years of clerks' sending would leave it. */
async function seed(server: TeamServer, count: number): Promise<void> {
  for (let start = 0; start < count; start += SEED_BATCH) {
    const docs = Array.from({ length: Math.min(SEED_BATCH, count - start) }, (_, index) => {
      const n = start + index
      return { ...OLIVIA_DEC, _id: teamRequestId(`install-${n % 7}`, `draft-${n}`), draftId: `draft-${n}`, employeeId: 1000 + (n % 500), serverId: 10_000 + n }
    })
    const answer = await fetch(`${server.url}/${TEAM_DATABASE}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ docs }) })
    if (!answer.ok) throw new Error(`Seeding the team server failed: ${answer.status} ${await answer.text()}`)
    await answer.arrayBuffer().catch(() => undefined)
  }
}

/** Waits on a condition with a bounded loop (the replication is asynchronous). */
async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`The team bench waited more than ${timeoutMs} ms.`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const seconds = (ms: number | null) => (ms === null ? 'unknown' : `${(ms / 1000).toFixed(1)} s`)

function heapUsed(): number {
  ;(globalThis as { gc?: () => void }).gc?.()
  return process.memoryUsage().heapUsed
}
