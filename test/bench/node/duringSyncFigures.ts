import type { Browser } from '@playwright/test'
import type { AutosaveSplit, KeystrokePhases } from '../browser/transactionTimeline'
import { openBenchPage } from './benchBrowser'
import { startPageProfile } from './pageProfile'
import { startPageTrace } from './pageTrace'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { recordsOfRun } from './sandboxRecords'
import { percentile, round } from './statistics'

/**
 * The UI while a batch goes out, while the clerk types into another draft with the list on screen, twice:
 * - unpaced: 1,000 queued drafts sent through main to a sandbox answering 50 ms late, 4 lanes at once
 *   (some 80 a second: the page's worst case, which only the bench's unpaced client can produce);
 * - paced: the live API's pace (1 a second, main's limiter and the sandbox's own limit), as every payroll
 *   the app talks to runs, Practice included: 15 queued drafts (the batch outlasts the typing) among
 *   985 plain ones, so the list holds as many drafts as in the unpaced run.
 */
interface DuringSyncRun {
  name: string
  queued: number
  plain: number
  pacing: number | 'none'
  figureKeys: { autosaveP95: string; longTasks: string }
}
const RUNS: readonly DuringSyncRun[] = [
  { name: 'during', queued: 1_000, plain: 0, pacing: 'none', figureKeys: { autosaveP95: 'autosaveP95DuringSyncMs', longTasks: 'longTasksDuringSync' } },
  { name: 'during-paced', queued: 15, plain: 985, pacing: 1, figureKeys: { autosaveP95: 'autosaveP95DuringPacedSyncMs', longTasks: 'longTasksDuringPacedSync' } }
]
const CONCURRENCY = 4
const LATENCY_MS = 50
const TYPING = { samples: 80, warmup: 5, intervalMs: 100, withList: true }
const TARGETS = { autosaveP95Ms: 16, longTasks: 0 }

export async function measureDuringSync(browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const runs: Section[] = []
  for (const run of RUNS) runs.push(await measureOneRun(run, browser, pageUrl, runId))
  return {
    name: 'during-sync',
    rows: runs.flatMap((run) => run.rows),
    figures: Object.assign({}, ...runs.map((run) => run.figures)) as Record<string, number>,
    // The unpaced run's details where they always were; the paced run's beside them.
    details: { ...runs[0]?.details, paced: runs[1]?.details }
  }
}

async function measureOneRun(spec: DuringSyncRun, browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const paced = typeof spec.pacing === 'number'
  const main = await startBenchMain(paced ? { sandbox: { ratePerSecond: spec.pacing as number }, pacing: spec.pacing } : { pacing: 'none' })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  try {
    const tag = `${runId}-${spec.name}`
    await bench.call('resetDatabase', `bench-${spec.name}`)
    await bench.call('queueDrafts', tag, spec.queued)
    // After queueing: "Queue all ready" would queue these too.
    if (spec.plain > 0) await bench.call('seedDrafts', `${tag}-plain`, spec.plain)
    main.sandbox.faults.add({ kind: 'latency', ms: LATENCY_MS })
    const profiler = await startPageProfile(bench.page, spec.name)
    const tracer = await startPageTrace(browser, bench.page, spec.name)
    const run = await bench.call('autosaveDuringSync', `${tag}-typed`, CONCURRENCY, TYPING)
    await tracer?.stop()
    await profiler?.stop()
    main.sandbox.faults.clear()
    const p95 = percentile(run.autosaveMs, 95)
    const records = recordsOfRun(main.sandbox, tag)
    const typingMs = (TYPING.samples + TYPING.warmup) * TYPING.intervalMs
    const how = paced ? `paced ${spec.pacing as number}/s` : 'unpaced'
    return {
      name: spec.name,
      rows: [
        {
          figure: `Autosave p95 while ${spec.queued.toLocaleString('en')} drafts sync (${how}, ${LATENCY_MS} ms latency)`,
          value: `${round(p95)} ms (p50 ${round(percentile(run.autosaveMs, 50))}, max ${round(Math.max(...run.autosaveMs))}; batch ${round(run.syncMs / 1000)} s, typing ${typingMs / 1000} s)`,
          target: `≤ ${TARGETS.autosaveP95Ms} ms`,
          met: p95 <= TARGETS.autosaveP95Ms && run.syncMs >= typingMs
        },
        {
          figure: '  main-thread tasks over 50 ms during the batch',
          value: `${run.longTasksMs.length}${run.longTasksMs.length ? ` (${run.longTasksMs.map((ms, index) => `${round(ms)} ms at ${run.longTaskStartsMs[index]} ms`).join(', ')} into the batch)` : ''}`,
          target: `${TARGETS.longTasks}`,
          met: run.longTasksMs.length <= TARGETS.longTasks
        },
        {
          figure: '  autosave split, p50/p95: to its first answer | to commit (transactions ahead of it)',
          value: `${describeSplits(run.autosaveSplits)}; queue transactions open p50/p95 ${round(percentile(run.queueTransactionMs, 50))}/${round(percentile(run.queueTransactionMs, 95))} ms`,
          target: '',
          met: null
        },
        {
          figure: '  autosave phases, p50/p95: before its transaction | transaction | after commit',
          value: describePhases(run.keystrokePhases),
          target: '',
          met: null
        },
        { figure: '  records in payroll for the batch', value: `${records} of ${spec.queued}`, target: `${spec.queued}`, met: records === spec.queued && run.synced === spec.queued }
      ],
      figures: { [spec.figureKeys.autosaveP95]: round(p95), [spec.figureKeys.longTasks]: run.longTasksMs.length },
      details: {
        drafts: spec.queued,
        plainDrafts: spec.plain,
        pacing: spec.pacing,
        latencyMs: LATENCY_MS,
        typing: TYPING,
        syncMs: round(run.syncMs),
        synced: run.synced,
        summary: run.summary,
        sandboxRecords: records,
        autosaveMs: run.autosaveMs.map((ms) => round(ms)),
        longTasksMs: run.longTasksMs.map((ms) => round(ms)),
        queueTransactions: run.queueTransactionMs.length,
        autosaveWaitedBehind: countKinds(run.autosaveSplits.flatMap((split) => split.aheadKinds)),
        autosaveSplits: run.autosaveSplits.map((split) => ({
          toFirstAnswer: round(split.toFirstAnswer),
          toCommit: round(split.toCommit),
          ahead: split.ahead,
          aheadEndedAfter: round(split.aheadEndedAfter)
        })),
        keystrokePhases: run.keystrokePhases.map((phase) => ({
          beforeTransaction: round(phase.beforeTransaction),
          transaction: round(phase.transaction),
          afterCommit: round(phase.afterCommit),
          completionHandler: round(phase.completionHandler),
          transactionsStartedOnCommit: phase.transactionsStartedOnCommit
        })),
        pageConsoleErrors: bench.consoleErrors()
      }
    }
  } finally {
    await bench.close()
    await main.close()
  }
}

/**
 * Where an autosave waited: for IndexedDB to start its transaction (behind the ones created before it,
 * on the page's own connection or the queue's) and take its first answer, then for its put and commit.
 */
function describeSplits(splits: readonly AutosaveSplit[]): string {
  if (splits.length === 0) return 'no autosave transaction recorded'
  const of = (pick: (split: AutosaveSplit) => number) => {
    const values = splits.map(pick)
    return `${round(percentile(values, 50))}/${round(percentile(values, 95))}`
  }
  return `${of((split) => split.toFirstAnswer)} | ${of((split) => split.toCommit)} ms (ahead p50/p95: own ${of((split) => split.ahead.own)}, queue ${of((split) => split.ahead.claim)})`
}

/** How many times an autosave found each kind of transaction ahead of it, most first. */
function countKinds(kinds: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))
}

/** Where each keystroke's save went: before its transaction was created, the transaction, after its commit. */
function describePhases(phases: readonly KeystrokePhases[]): string {
  if (phases.length === 0) return 'no keystroke paired with its transaction'
  const of = (pick: (phase: KeystrokePhases) => number) => {
    const values = phases.map(pick)
    return `${round(percentile(values, 50))}/${round(percentile(values, 95))}`
  }
  return `${of((phase) => phase.beforeTransaction)} | ${of((phase) => phase.transaction)} | ${of((phase) => phase.afterCommit)} ms, of which Dexie's completion handler ${of((phase) => phase.completionHandler)} ms starting ${of((phase) => phase.transactionsStartedOnCommit)} transactions (${phases.length} keystrokes)`
}
