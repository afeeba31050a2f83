import type { StatusCounts } from '../../../renderer/src/db'
import type { SyncSummary } from '../../../renderer/src/sync'
import type { DuringSync } from './duringSync'
import type { SafeguardTimes } from './safeguardFigures'
import type { SyncProfile } from './syncProfile'
import type { TeamInitialSync } from './teamInitialSync'

/**
 * `window.bench`: what the Node side of the benchmark asks the page to do. Every answer is plain data
 * (it crosses page.evaluate); every duration is measured inside the page with performance.now().
 */
export interface TimedSync {
  ms: number
  summary: SyncSummary
  statusCounts: StatusCounts
  /** Per-call times of the queue store's writes and of main's insert (as the page sees it, IPC included). */
  profile: SyncProfile
}

/** Who answers the queue's posts: main (IPC → API client → sandbox), or the page itself (no IPC, no HTTP). */
export type SyncAnswers = 'main' | 'in-page'

export interface ListRender {
  /** Mount to the first screenful of rows painted with their drafts. */
  ms: number
  /** Mount to the first rows in the DOM (still reading their drafts). */
  firstRowsMs: number
  rows: number
}

export interface AutosaveRun {
  samples: number
  /** Saves made first and not counted (the page's code paths warming up). */
  warmup: number
  /** The pace of the keystrokes. */
  intervalMs: number
  /** Whether the drafts list is on screen, as in the workspace. */
  withList: boolean
}

export interface ImportPreviewRun {
  /** The file's bytes to the preview dialog painted: every row read and checked, the rows in view drawn. */
  ms: number
  /** The file's bytes to the sheet read and its columns guessed (no checking, no rendering). */
  readMs: number
  /** The duplicate/overlap check of every row against the file's requests, after the first paint. */
  conflictsMs: number
  /** Rows in the page; the rest are drawn as they scroll into view. */
  rowsDrawn: number
  bytes: number
}

/** A search's runs: until the list's ids and the chips' counts are both in, and each part alone. */
export interface SearchTimes {
  ms: number[]
  listMs: number[]
  countsMs: number[]
  /** Drafts the list shows. */
  found: number
  /** Drafts the chips count (every status, deleted ones apart): equal to `found` when every status is shown. */
  counted: number
}

export interface BenchApi {
  /** Deletes and re-creates the page's database `name`; later calls work on it. */
  resetDatabase(name: string): Promise<void>
  /** Creates `count` drafts of run `runTag` and queues them with "Queue all ready". */
  queueDrafts(runTag: string, count: number, employeeCount?: number): Promise<{ ms: number }>
  /** Creates `count` plain drafts (the clerk's backlog), in one transaction. */
  seedDrafts(runTag: string, count: number): Promise<{ ms: number }>
  /** Fills the reference cache from main (employees and leave types), as the app's refresh does. */
  cacheReferenceData(): Promise<{ employees: number; leaveTypes: number }>
  /** One "Sync now" of a fresh runner with this concurrency, timed; the runner is stopped afterwards. */
  timedSync(concurrency: number, answeredBy: SyncAnswers): Promise<TimedSync>
  /** Starts the page's long-lived runner, subscribed to main's events as in the app. */
  startRunner(): Promise<void>
  /** "Sync now" on the long-lived runner. */
  nudgeRunner(): Promise<SyncSummary>
  statusCounts(): Promise<StatusCounts>
  /** Round trips of a call that does no work in main (getConnectivityStatus), in ms. */
  bindingRoundTrips(calls: number): Promise<number[]>
  /** Autosave latencies (change → transaction committed), in ms. */
  autosaveLatencies(run: AutosaveRun): Promise<number[]>
  /** Mounts the drafts list `runs` times, each from scratch. */
  listFirstRenders(runs: number): Promise<ListRender[]>
  /** Creates `count` drafts and moves all but one in `workingEvery` to synced, as years of use leave them. */
  seedHistory(runTag: string, count: number, workingEvery: number): Promise<{ ms: number; synced: number }>
  /** The list's own query for `search`, every status shown, timed `runs` times. */
  searchTimes(search: string, runs: number): Promise<SearchTimes>
  jsHeapUsedMB(): number
  /** Overlap check for one draft, Queue all's duplicate check and the calendar's month (read and laid out), timed over `stored` history drafts. */
  safeguardTimes(runs: number, stored: number): Promise<SafeguardTimes>
  /** performance.now(): milliseconds since the page started loading. */
  sinceNavigationStart(): number
  /** Opens the existing database `name` (after a reload), without clearing it. */
  reopenDatabase(name: string): Promise<void>
  /** Autosave latencies and long tasks while the runner sends the queued drafts through main. */
  autosaveDuringSync(runTag: string, concurrency: number, typing: AutosaveRun): Promise<DuringSync>
  /** Opens the import preview of a `rows`-row CSV `runs` times, each from scratch. */
  importPreviews(runs: number, rows: number): Promise<ImportPreviewRun[]>
  /** Opens the team ledger of `fileId` (replica `localName`) and times it until `expected` requests are indexed. */
  teamInitialSync(fileId: number, localName: string, expected: number, timeoutMs: number): Promise<TeamInitialSync>
  /** Opens that replica again and times it until `expected` requests are back in the index (ms). */
  teamReopen(fileId: number, localName: string, expected: number, timeoutMs: number): Promise<number>
}
