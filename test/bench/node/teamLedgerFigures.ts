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
    const phases = new PhaseTimes()
    const cleo = await openTeamComputer(server, 'cleo', { onTeamFetch: (requestPath, ms) => phases.add(remotePhaseOf(requestPath), ms) })
    computers.push(cleo)
    timeLedgerPhases(cleo, phases)
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
        // Time spent in each kind of step, summed over the sync: the team server's requests through main
        // (in flight: main, the network and the server), the replica's own writes, and the ledger's
        // validation and index. Steps overlap (the replicator fetches ahead), so they do not add up to the total.
        phases: phases.report(),
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

/** Milliseconds and counts per step of the initial sync. */
class PhaseTimes {
  private readonly times = new Map<string, { ms: number; count: number }>()
  add(phase: string, ms: number): void {
    const time = this.times.get(phase) ?? { ms: 0, count: 0 }
    time.ms += ms
    time.count += 1
    this.times.set(phase, time)
  }
  report(): Record<string, { ms: number; count: number }> {
    return Object.fromEntries([...this.times].map(([phase, time]) => [phase, { ms: Math.round(time.ms), count: time.count }]))
  }
}

function remotePhaseOf(requestPath: string): string {
  const step = /\/(_changes|_revs_diff|_bulk_get|_bulk_docs|_local|_all_docs)/.exec(requestPath)?.[1]
  return `server ${step ?? (requestPath.replace(/\?.*/, '') || '/')}`
}

/** The replica's writes (what the replicator stores) and the ledger's validation and index, timed in place. */
function timeLedgerPhases(computer: TeamComputer, phases: PhaseTimes): void {
  const local = computer.ledger.databases.local as unknown as { bulkDocs: (...args: unknown[]) => Promise<unknown> }
  const bulkDocs = local.bulkDocs.bind(local)
  local.bulkDocs = async (...args) => {
    const started = performance.now()
    try {
      return await bulkDocs(...args)
    } finally {
      phases.add('replica writes', performance.now() - started)
    }
  }
  const requests = computer.ledger.requests
  const apply = requests.apply.bind(requests)
  requests.apply = (change) => {
    const started = performance.now()
    apply(change)
    phases.add('ledger validation and index', performance.now() - started)
  }
}

const seconds = (ms: number | null) => (ms === null ? 'unknown' : `${(ms / 1000).toFixed(1)} s`)

function heapUsed(): number {
  ;(globalThis as { gc?: () => void }).gc?.()
  return process.memoryUsage().heapUsed
}
