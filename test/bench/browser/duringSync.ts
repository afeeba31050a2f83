import { createSyncRunner, type SyncSummary } from '../../../renderer/src/sync'
import { BENCH_FILE_ID, benchDraftContent } from '../shared/benchDrafts'
import type { AutosaveRun } from './benchApi'
import { autosaveLatencies } from './autosaveLatency'
import { session } from './benchSession'
import { page } from './pageDom'

export interface DuringSync {
  autosaveMs: number[]
  /** Durations of main-thread tasks over 50 ms (Long Tasks API) while the batch ran. */
  longTasksMs: number[]
  syncMs: number
  synced: number
  /** The run's own summary (why it stopped, if it did). */
  summary: SyncSummary
}

interface LongTaskObserver {
  observe(options: { type: string; buffered: boolean }): void
  disconnect(): void
}
type ObserverCtor = new (callback: (list: { getEntries(): { duration: number }[] }) => void) => LongTaskObserver

/**
 * The clerk keeps typing while a batch goes out: a plain draft (the one typed into) is added after the
 * queued ones, the real runner sends them through main, and meanwhile every keystroke is timed through
 * the workspace's autosaver with the list on screen, and every long main-thread task is recorded.
 */
export async function autosaveDuringSync(runTag: string, concurrency: number, typing: AutosaveRun): Promise<DuringSync> {
  const { repo } = session()
  await repo.createDraft(BENCH_FILE_ID, { ...benchDraftContent(runTag, 0), notes: 'Typed into while the batch runs. ' })
  const longTasksMs: number[] = []
  const Observer = (globalThis as unknown as { PerformanceObserver: ObserverCtor }).PerformanceObserver
  const observer = new Observer((list) => {
    for (const entry of list.getEntries()) longTasksMs.push(entry.duration)
  })
  observer.observe({ type: 'longtask', buffered: false })
  const runner = createSyncRunner({ repo, api: page.leaveDesk, concurrency })
  try {
    const started = performance.now()
    const sync = runner.syncNow().then((summary) => ({ summary, ms: performance.now() - started }))
    const autosaveMs = await autosaveLatencies(typing)
    const done = await sync
    return { autosaveMs, longTasksMs, syncMs: done.ms, synced: done.summary.synced, summary: done.summary }
  } finally {
    observer.disconnect()
    runner.stop()
  }
}
