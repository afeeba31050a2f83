import type { Browser } from '@playwright/test'
import type { TimedSync } from '../browser/benchApi'
import { BENCH_IPC, openBenchPage } from './benchBrowser'
import { measurePageAlone, pageAloneDetails } from './pageAloneRuns'
import { startBenchMain, type BenchMain } from './benchMain'
import { cpuMsSince, mainClientSummary, measureMainClient } from './mainClientThroughput'
import type { FigureRow, Section } from './benchReport'
import { postRaw, rawBodies, type RawRun } from './rawPosting'
import { recordsOfRun } from './sandboxRecords'
import { median, round } from './statistics'
import { profileNodeDuring } from './nodeProfile'

/**
 * Figure 1: 1,000 queued drafts through the real queue in Chromium (Dexie, the sync runner, the IPC
 * contract through Playwright's binding, main's API client) against the same requests posted raw from
 * Node, at the same concurrency, with the sandbox answering at once and then 50 ms late.
 */
const DRAFTS = 1_000
const CONCURRENCY = 4
/** 0 ms: reported, no target (only the unpaced bench client can produce it); 50 ms: the live path's figure. */
const SETTINGS = [
  { latencyMs: 0, target: Number.NaN },
  { latencyMs: 50, target: 1.35 }
] as const
const WARM_UP_REQUESTS = 100
const BINDING_CALLS = 200
const MAIN_CLIENT_ROUNDS = 3
/** BENCH_SYNC_PAGE_ONLY=1: only the page-alone run (the queue/raw figures come out NaN): quick A/B of the page's cost. */
const PAGE_ONLY = process.env.BENCH_SYNC_PAGE_ONLY === '1'

interface LatencyRun {
  latencyMs: number
  queue: TimedSync
  /** Main's own time per insert in the queue's run (waiting for the wire, API client + HTTP), p50. */
  mainInsertP50Ms: number
  /** The inserts on the wire: time on it (p50) and the share of the wire's places left idle. */
  wire: ReturnType<BenchMain['wire']['summary']>
  /** The Node process's CPU time (main, sandbox, Playwright's side of the binding) per draft, queue and raw. */
  nodeCpuMsPerDraft: { queue: number; raw: number }
  raw: RawRun
  queueRecords: number
  rawRecords: number
  ratio: number
  overheadMsPerDraft: number
  valid: boolean
}

export async function measureSyncThroughput(browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const main = await startBenchMain({ pacing: 'none' })
  // Main's own share of each insert (API client and HTTP), so the profile can tell IPC from the request.
  const mainInsertMs: number[] = []
  const services: typeof main.services = {
    ...main.services,
    async insertLeaveRequest(...args) {
      const started = performance.now()
      try {
        return await main.services.insertLeaveRequest(...args)
      } finally {
        mainInsertMs.push(performance.now() - started)
      }
    }
  }
  const bench = await openBenchPage(browser, pageUrl, services, main.log)
  try {
    // The sandbox's and the client's code paths warmed once, so neither side pays for the first requests.
    await postRaw(main.sandbox.baseUrl, rawBodies(`${runId}-warm`, WARM_UP_REQUESTS), CONCURRENCY)
    const bindingCpu = process.cpuUsage()
    const roundTrips = await bench.call('bindingRoundTrips', BINDING_CALLS)
    // What one call through the stand-in for Electron IPC costs this Node process (Playwright's side, main's handler).
    const bindingCpuMsPerCall = cpuMsSince(bindingCpu) / BINDING_CALLS
    const pageAlone = await measurePageAlone(bench, runId, DRAFTS, CONCURRENCY)
    const inPage = pageAlone.first
    const inPageMs = pageAlone.ms
    const pageCpuMs = pageAlone.cpuMs
    const idbPerDraft = pageAlone.idbRequestsPerDraft

    const runs: LatencyRun[] = []
    const rawTimes: { latencyMs: number; beforeMs: number; afterMs: number }[] = []
    for (const { latencyMs } of PAGE_ONLY ? [] : SETTINGS) {
      if (latencyMs > 0) main.sandbox.faults.add({ kind: 'latency', ms: latencyMs })
      const queueTag = `${runId}-queue${latencyMs}`
      await bench.call('resetDatabase', `bench-sync-${latencyMs}`)
      await bench.call('queueDrafts', queueTag, DRAFTS)
      // Raw posting before and after the queue's run, the faster kept: the same 1,000 requests took
      // 0.57-1.16 s from one run to the next, and one slow raw run flattered the ratio.
      const before = await timedRaw(main, `${runId}-rawbefore${latencyMs}`)
      mainInsertMs.length = 0
      main.wire.reset()
      const queueCpu = process.cpuUsage()
      const queue = await profileNodeDuring(`sync-queue-${latencyMs}ms`, () => bench.call('timedSync', CONCURRENCY, 'main'))
      const queueCpuMs = cpuMsSince(queueCpu)
      const mainInsertP50Ms = median(mainInsertMs)
      const wire = main.wire.summary(CONCURRENCY)
      const after = await timedRaw(main, `${runId}-raw${latencyMs}`)
      const kept = before.raw.ms <= after.raw.ms ? before : after
      const raw = kept.raw
      const rawCpuMs = kept.cpuMs
      rawTimes.push({ latencyMs, beforeMs: round(before.raw.ms), afterMs: round(after.raw.ms) })
      main.sandbox.faults.clear()
      const queueRecords = recordsOfRun(main.sandbox, queueTag)
      // Both raw runs must hold one record per request, as the queue's must.
      const rawRecords = Math.min(recordsOfRun(main.sandbox, before.tag), recordsOfRun(main.sandbox, after.tag))
      runs.push({
        latencyMs,
        queue,
        mainInsertP50Ms,
        wire,
        nodeCpuMsPerDraft: { queue: round(queueCpuMs / DRAFTS, 3), raw: round(rawCpuMs / DRAFTS, 3) },
        raw,
        queueRecords,
        rawRecords,
        ratio: queue.ms / raw.ms,
        overheadMsPerDraft: (queue.ms - raw.ms) / DRAFTS,
        valid: queueRecords === DRAFTS && rawRecords === DRAFTS && queue.statusCounts.synced === DRAFTS
      })
    }

    const mainClient = await measureMainClient(main, runId, { drafts: DRAFTS, concurrency: CONCURRENCY, rounds: MAIN_CLIENT_ROUNDS })
    const mainClientRow = mainClientSummary(mainClient, DRAFTS)
    return {
      name: 'sync',
      rows: [
        ...runs.flatMap(rowsOf),
        {
          figure: `  main alone, no page: ${DRAFTS.toLocaleString('en')} inserts through main's services / raw`,
          value: mainClientRow.value,
          target: '',
          met: null
        },
        {
          figure: '  the page alone (payroll answered in the page)',
          value: `${seconds(inPageMs)} = ${round(inPageMs / DRAFTS)} ms/draft (Chromium CPU ${pageCpuMs === undefined ? 'n/a' : `${round(pageCpuMs / DRAFTS)} ms`}/draft, ${idbPerDraft.total} IndexedDB requests/draft); IPC stand-in (${BENCH_IPC}) round trip p50 ${round(median(roundTrips))} ms, Node CPU ${round(bindingCpuMsPerCall, 3)} ms per call`,
          target: '',
          met: null
        }
      ],
      figures: {
        syncRatioNoLatency: round(runs.find((run) => run.latencyMs === 0)?.ratio ?? Number.NaN, 3),
        syncRatio50ms: round(runs.find((run) => run.latencyMs === 50)?.ratio ?? Number.NaN, 3),
        syncWireIdleShare50ms: runs.find((run) => run.latencyMs === 50)?.wire.idleShare ?? Number.NaN,
        mainClientRatioNoLatency: round(mainClientRow.ratio, 3),
        mainIpcRatioNoLatency: round(mainClientRow.ipcRatio, 3),
        idbRequestsPerDraft: idbPerDraft.total,
        pageCpuMsPerDraft: pageCpuMs === undefined ? Number.NaN : round(pageCpuMs / DRAFTS, 3)
      },
      details: {
        drafts: DRAFTS,
        concurrency: CONCURRENCY,
        where: `Queue in Chromium (real Dexie, sync runner, main's IPC handlers reached ${BENCH_IPC === 'socket' ? 'over a WebSocket' : 'through Playwright exposeBinding'} standing in for Electron IPC); raw posting from Node with undici.`,
        ipcStandIn: BENCH_IPC,
        bindingRoundTripMs: { p50: round(median(roundTrips)), calls: BINDING_CALLS, nodeCpuMsPerCall: round(bindingCpuMsPerCall, 3) },
        inPageOnly: {
          measured: 'the same 1,000 drafts through the same runner and Dexie, insertLeaveRequest answered in the page (no IPC, no HTTP)',
          ms: round(inPageMs),
          synced: inPage.statusCounts.synced,
          profile: inPage.profile,
          ...pageAloneDetails(pageAlone, DRAFTS)
        },
        rawBeforeAndAfterQueue: rawTimes,
        runs: runs.map((run) => ({
          latencyMs: run.latencyMs,
          queueMs: round(run.queue.ms),
          rawMs: round(run.raw.ms),
          ratio: round(run.ratio, 3),
          overheadMsPerDraft: round(run.overheadMsPerDraft, 3),
          sandboxRecords: { queue: run.queueRecords, raw: run.rawRecords },
          rawStatuses: run.raw.statuses,
          queueStatusCounts: run.queue.statusCounts,
          queueSummary: run.queue.summary,
          profile: { ...run.queue.profile, mainInsertP50Ms: round(run.mainInsertP50Ms), wire: run.wire, nodeCpuMsPerDraft: run.nodeCpuMsPerDraft },
          valid: run.valid
        })),
        mainAlone: {
          measured: 'the same inserts with no page: raw undici, main\'s services.insertLeaveRequest, and main\'s IPC handler in front of them; rounds alternate, medians',
          ...mainClient
        },
        pageConsoleErrors: bench.consoleErrors()
      }
    }
  } finally {
    await bench.close()
    await main.close()
  }
}

function rowsOf(run: LatencyRun): FigureRow[] {
  const target = SETTINGS.find((setting) => setting.latencyMs === run.latencyMs)?.target ?? Number.NaN
  const label = run.latencyMs === 0 ? 'no added latency' : `${run.latencyMs} ms latency`
  const records = run.valid
    ? `${DRAFTS.toLocaleString('en')} records each`
    : `INVALID: queue ${run.queueRecords} records / ${run.queue.statusCounts.synced} synced, raw ${run.rawRecords} records`
  return [
    {
      figure: `Sync ${DRAFTS.toLocaleString('en')} drafts, ${label}: queue/raw`,
      value: `${round(run.ratio)} (queue ${seconds(run.queue.ms)}, raw ${seconds(run.raw.ms)}; ${records})`,
      target: Number.isNaN(target) ? '' : `≤ ${target}`,
      met: Number.isNaN(target) ? (run.valid ? null : false) : run.valid && run.ratio <= target
    },
    { figure: `  queue overhead per draft, ${label}`, value: `${round(run.overheadMsPerDraft)} ms`, target: '', met: null },
    { figure: `  where a draft's time goes, ${label} (p50 per call)`, value: profileLine(run), target: '', met: null }
  ]
}

/** Raw posting of DRAFTS fresh requests tagged `tag`, timed, with this process's CPU. */
async function timedRaw(main: BenchMain, tag: string): Promise<{ tag: string; raw: RawRun; cpuMs: number }> {
  const cpu = process.cpuUsage()
  const raw = await postRaw(main.sandbox.baseUrl, rawBodies(tag, DRAFTS), CONCURRENCY)
  return { tag, raw, cpuMs: cpuMsSince(cpu) }
}

/** The queue store's writes and the insert as the page sees it, beside main's own share of the insert. */
function profileLine(run: LatencyRun): string {
  const parts = Object.entries(run.queue.profile).map(([name, times]) => `${name.replace(/^\w+\./, '')} ${times.p50Ms} ms ×${times.calls}`)
  return (
    `${parts.join(', ')}; main's own share of an insert ${round(run.mainInsertP50Ms)} ms ` +
    `(on the wire ${run.wire.onWireP50Ms} ms; wire idle ${round(run.wire.idleShare * 100)} %); ` +
    `Node CPU per draft ${run.nodeCpuMsPerDraft.queue} ms (raw ${run.nodeCpuMsPerDraft.raw} ms)`
  )
}

function seconds(ms: number): string {
  return `${round(ms / 1000)} s`
}
