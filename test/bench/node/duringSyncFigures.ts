import type { Browser } from '@playwright/test'
import type { AutosaveSplit, KeystrokePhases } from '../browser/transactionTimeline'
import { openBenchPage } from './benchBrowser'
import { startPageProfile } from './pageProfile'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { recordsOfRun } from './sandboxRecords'
import { percentile, round } from './statistics'

/**
 * The UI while a batch goes out: 1,000 queued drafts sent through main to a sandbox answering 50 ms late
 * (so the batch outlasts the typing), while the clerk types into another draft with the list on screen.
 */
const DRAFTS = 1_000
const CONCURRENCY = 4
const LATENCY_MS = 50
const TYPING = { samples: 80, warmup: 5, intervalMs: 100, withList: true }
const TARGETS = { autosaveP95Ms: 16, longTasks: 0 }

export async function measureDuringSync(browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const main = await startBenchMain({ pacing: 'none' })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  try {
    const tag = `${runId}-during`
    await bench.call('resetDatabase', 'bench-during-sync')
    await bench.call('queueDrafts', tag, DRAFTS)
    main.sandbox.faults.add({ kind: 'latency', ms: LATENCY_MS })
    const profiler = await startPageProfile(bench.page, 'during-sync')
    const run = await bench.call('autosaveDuringSync', `${tag}-typed`, CONCURRENCY, TYPING)
    await profiler?.stop()
    main.sandbox.faults.clear()
    const p95 = percentile(run.autosaveMs, 95)
    const records = recordsOfRun(main.sandbox, tag)
    const typingMs = (TYPING.samples + TYPING.warmup) * TYPING.intervalMs
    return {
      name: 'during-sync',
      rows: [
        {
          figure: `Autosave p95 while ${DRAFTS.toLocaleString('en')} drafts sync (${LATENCY_MS} ms latency)`,
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
        { figure: '  records in payroll for the batch', value: `${records} of ${DRAFTS}`, target: `${DRAFTS}`, met: records === DRAFTS && run.synced === DRAFTS }
      ],
      figures: { autosaveP95DuringSyncMs: round(p95), longTasksDuringSync: run.longTasksMs.length },
      details: {
        drafts: DRAFTS,
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
