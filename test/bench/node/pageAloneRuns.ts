import type { TimedSync } from '../browser/benchApi'
import type { BenchPage } from './benchBrowser'
import { chromiumCpuDuring } from './browserCpu'
import { idbRequestsSoFar, perDraft, startCountingIdbRequests, type IdbRequestCounts } from './pageIdbRequests'
import { startPageProfile } from './pageProfile'
import { median, round } from './statistics'

/** BENCH_SYNC_PAGE_RUNS=n: the page-alone run n times (figures: medians), to compare code on a busy machine. */
const PAGE_ALONE_RUNS = Math.max(1, Number(process.env.BENCH_SYNC_PAGE_RUNS ?? 1) || 1)

interface PageAloneRun {
  sync: TimedSync
  /** Chromium's CPU time (all its processes: the page, IndexedDB's backend) during the run. */
  cpuMs: number | undefined
  /** The same by Chromium process type (renderer: the page; browser: IndexedDB's backend). */
  cpuMsByType: Record<string, number> | undefined
}

export interface PageAlone {
  /** The first timed run (its profile of the queue's writes). */
  first: TimedSync
  /** Medians over the timed runs. */
  ms: number
  cpuMs: number | undefined
  runs: PageAloneRun[]
  /** From one more run, after the timed ones: the counting wrappers stay on the page and cost CPU. */
  idbRequests: IdbRequestCounts
  idbRequestsPerDraft: IdbRequestCounts
}

/**
 * `drafts` queued drafts through the real runner and Dexie with payroll answered in the page (no IPC, no
 * HTTP): the page's own cost per draft, as wall time, Chromium's CPU time and IndexedDB requests.
 */
export async function measurePageAlone(bench: BenchPage, runId: string, drafts: number, concurrency: number): Promise<PageAlone> {
  const runs: PageAloneRun[] = []
  for (let run = 0; run < PAGE_ALONE_RUNS; run += 1) {
    await queueFresh(bench, `${runId}-inpage${run}`, drafts)
    const profiler = run === 0 ? await startPageProfile(bench.page, 'sync-in-page') : undefined
    const { result: sync, byType, totalMs } = await chromiumCpuDuring(() => bench.call('timedSync', concurrency, 'in-page'))
    await profiler?.stop()
    runs.push({ sync, cpuMs: totalMs, cpuMsByType: byType })
  }
  await queueFresh(bench, `${runId}-inpage-counted`, drafts)
  await startCountingIdbRequests(bench.page)
  const counted = await bench.call('timedSync', concurrency, 'in-page')
  const idbRequests = await idbRequestsSoFar(bench.page)
  if (counted.statusCounts.synced !== drafts) throw new Error(`The counted page-alone run synced ${counted.statusCounts.synced} of ${drafts} drafts.`)
  return {
    first: runs[0]!.sync,
    ms: median(runs.map((run) => run.sync.ms)),
    cpuMs: runs.every((run) => run.cpuMs !== undefined) ? median(runs.map((run) => run.cpuMs ?? 0)) : undefined,
    runs,
    idbRequests,
    idbRequestsPerDraft: perDraft(idbRequests, drafts)
  }
}

/** The runs as the report's details show them. */
export function pageAloneDetails(pageAlone: PageAlone, drafts: number) {
  return {
    runs: pageAlone.runs.map((run) => ({ ms: round(run.sync.ms), cpuMs: run.cpuMs, cpuMsByType: run.cpuMsByType, synced: run.sync.statusCounts.synced })),
    chromiumCpuMsPerDraft: pageAlone.cpuMs === undefined ? null : round(pageAlone.cpuMs / drafts, 3),
    idbRequestsPerDraft: pageAlone.idbRequestsPerDraft
  }
}

async function queueFresh(bench: BenchPage, tag: string, drafts: number): Promise<void> {
  await bench.call('resetDatabase', `bench-sync-${tag}`)
  await bench.call('queueDrafts', tag, drafts)
}

