import { createSyncRunner, type SyncSummary } from '../../../renderer/src/sync'
import { BENCH_FILE_ID, benchDraftContent } from '../shared/benchDrafts'
import type { AutosaveRun } from './benchApi'
import { autosaveLatencies, type KeystrokeTimes } from './autosaveLatency'
import { session } from './benchSession'
import { page } from './pageDom'
import { keystrokePhases, queueTransactionTimes, recordTransactions, splitAutosaves, type AutosaveSplit, type KeystrokePhases } from './transactionTimeline'

export interface DuringSync {
  autosaveMs: number[]
  /** Durations of main-thread tasks over 50 ms (Long Tasks API) while the batch ran. */
  longTasksMs: number[]
  /** When each of those began, in ms after the batch started (negative: before it). */
  longTaskStartsMs: number[]
  syncMs: number
  synced: number
  /** The run's own summary (why it stopped, if it did). */
  summary: SyncSummary
  /** Each autosave's transaction split into waiting, working and committing (transactionTimeline.ts). */
  autosaveSplits: AutosaveSplit[]
  /** How long each of the queue's group transactions stayed open while the clerk typed. */
  queueTransactionMs: number[]
  /** Each counted keystroke's save split into before its transaction, the transaction, after its commit. */
  keystrokePhases: KeystrokePhases[]
}

interface LongTaskObserver {
  observe(options: { type: string; buffered: boolean }): void
  disconnect(): void
}
type ObserverCtor = new (callback: (list: { getEntries(): { duration: number; startTime: number }[] }) => void) => LongTaskObserver

/**
 * The clerk keeps typing while a batch goes out: a plain draft (the one typed into) is added after the
 * queued ones, the real runner sends them through main, and meanwhile every keystroke is timed through
 * the workspace's autosaver with the list on screen, and every long main-thread task is recorded.
 */
export async function autosaveDuringSync(runTag: string, concurrency: number, typing: AutosaveRun): Promise<DuringSync> {
  const { repo, claimDb } = session()
  await repo.createDraft(BENCH_FILE_ID, { ...benchDraftContent(runTag, 0), notes: 'Typed into while the batch runs. ' })
  const longTasksMs: number[] = []
  const longTaskStarts: number[] = []
  const Observer = (globalThis as unknown as { PerformanceObserver: ObserverCtor }).PerformanceObserver
  const observer = new Observer((list) => {
    for (const entry of list.getEntries()) {
      longTasksMs.push(entry.duration)
      longTaskStarts.push(entry.startTime)
    }
  })
  observer.observe({ type: 'longtask', buffered: false })
  const claimConnection = claimDb.backendDB()
  const timeline = recordTransactions((db) => db === claimConnection)
  const runner = createSyncRunner({ repo, api: page.leaveDesk, concurrency })
  try {
    const started = performance.now()
    const sync = runner.syncNow().then((summary) => ({ summary, ms: performance.now() - started }))
    const keystrokes: KeystrokeTimes[] = []
    const autosaveMs = await autosaveLatencies(typing, keystrokes)
    const recorded = timeline.stop()
    const autosaveSplits = splitAutosaves(recorded).slice(typing.warmup)
    const queueTransactionMs = queueTransactionTimes(recorded)
    const phases = keystrokePhases(keystrokes, recorded)
    const done = await sync
    const longTaskStartsMs = longTaskStarts.map((at) => Math.round(at - started))
    return { autosaveMs, longTasksMs, longTaskStartsMs, syncMs: done.ms, synced: done.summary.synced, summary: done.summary, autosaveSplits, queueTransactionMs, keystrokePhases: phases }
  } finally {
    timeline.stop()
    observer.disconnect()
    runner.stop()
  }
}
