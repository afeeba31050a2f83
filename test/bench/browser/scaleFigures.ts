import { Dexie } from 'dexie'
import type { LeaveDeskDb } from '../../../renderer/src/db'
import { DRAFT_STATUSES } from '../../../renderer/src/drafts/draftStatus'
import { startingWith } from '../../../renderer/src/db/keyRanges'
import { listDraftIds } from '../../../renderer/src/list/listDraftIds'
import { countSearchMatches } from '../../../renderer/src/list/searchCounts'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import { benchHistoryContent, historyExtraEmployees } from '../shared/historyDrafts'
import type { SearchTimes } from './benchApi'
import { session } from './benchSession'

/**
 * A clerk's years on one computer: `count` drafts, most of them long synced, spread over the file's
 * people and years as benchHistoryContent describes (the employees payroll does not have are added to
 * the names cache, so call this after cacheReferenceData). Made through the repository as the editor
 * makes them (one transaction per 10,000, so set-up stays minutes, not hours), then all but the newest
 * one in `workingEvery` moved to synced with a payroll Id, as years of sending leave them: what is still
 * being worked on is the latest typed (roughly the last year), not drafts scattered over a decade.
 */
export async function seedHistory(runTag: string, count: number, workingEvery: number): Promise<{ ms: number; synced: number }> {
  const { db, repo } = session()
  const started = performance.now()
  await db.employees.bulkPut(historyExtraEmployees())
  const chunk = 10_000
  for (let from = 0; from < count; from += chunk) {
    await db.transaction('rw', db.tables, async () => {
      for (let n = from; n < Math.min(count, from + chunk); n += 1) await repo.createDraft(BENCH_FILE_ID, benchHistoryContent(runTag, n, count))
    })
  }
  let synced = 0
  let position = 0
  const firstWorking = count - Math.ceil(count / workingEvery)
  const now = Date.now()
  await db.drafts
    .where('[fileId+seq]')
    .between(...startingWith(BENCH_FILE_ID), true, true)
    .modify((draft) => {
      position += 1
      if (position > firstWorking) return
      synced += 1
      draft.status = 'synced'
      draft.attempts = 1
      draft.serverId = 1_000_000 + position
      draft.lastModifiedDateUtc = new Date(now).toISOString()
      draft.sentAt = now
      draft.syncedAt = now
    })
  return { ms: performance.now() - started, synced }
}

/**
 * A search typed into the drafts list, as the page answers it: the list's ids (listDraftIds) and the
 * status chips' counts (countSearchMatches, watchSearchCounts' first answer) start on the same
 * keystroke, and the clerk has the answer when both have. They share one read (sharedSearch.ts); a
 * write between runs would start a new one, and none happens here, so each run after the first would
 * find the last one's read: the shared reads are dropped before each run, as a keystroke's new words do. Each run is timed on its own, from the start
 * until both are in (`ms`), and each part alone while they share the page (`listMs`, `countsMs`).
 */
export async function searchTimes(search: string, runs: number): Promise<SearchTimes> {
  const { db } = session()
  const times: SearchTimes = { ms: [], listMs: [], countsMs: [], found: 0, counted: 0 }
  for (let run = 0; run < runs; run += 1) {
    await writeBetweenRuns(db, run)
    const started = performance.now()
    const [ids, counts] = await Promise.all([
      listDraftIds(db, BENCH_FILE_ID, { statuses: DRAFT_STATUSES, search }).then((found) => {
        times.listMs.push(performance.now() - started)
        return found
      }),
      countSearchMatches(db, BENCH_FILE_ID, search).then((found) => {
        times.countsMs.push(performance.now() - started)
        return found
      })
    ])
    times.ms.push(performance.now() - started)
    times.found = ids.length
    times.counted = DRAFT_STATUSES.reduce((sum, status) => sum + counts.counts[status], 0)
  }
  return times
}

/** A committed write the page has heard of (storagemutated), like a clerk's autosave between two searches. */
async function writeBetweenRuns(db: LeaveDeskDb, run: number): Promise<void> {
  const heard = new Promise<void>((resolve) => {
    const onMutated = () => {
      Dexie.on.storagemutated.unsubscribe(onMutated)
      resolve()
    }
    Dexie.on('storagemutated', onMutated)
  })
  await db.counters.put({ name: 'bench-search-run', value: run })
  await heard
}

interface ChromiumMemory {
  memory?: { usedJSHeapSize: number }
}

/** Chromium's figure for the page's JS heap in use (coarse unless precise memory info is on). */
export function jsHeapUsedMB(): number {
  const memory = (performance as unknown as ChromiumMemory).memory
  return memory ? memory.usedJSHeapSize / 1_048_576 : Number.NaN
}

/** Milliseconds since this page started loading: with a list just painted, the page's cold start. */
export function sinceNavigationStart(): number {
  return performance.now()
}
