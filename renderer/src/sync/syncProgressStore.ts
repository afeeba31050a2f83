import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EpochMs } from '../db'
import { secondsLeft, withCompletion } from './throughputEstimate'
import type { SyncPause, SyncProgress, SyncSummary } from './syncTypes'

/**
 * The live state of the queue for the screens: a vanilla zustand store the runner writes and the panel
 * reads (through useSyncProgress, beside the panel). It holds facts only; what is derived from them
 * ("Sending 12 of 40", the time left) are the selectors below.
 */
export interface ProgressStore {
  store: StoreApi<SyncProgress>
  begin(at: EpochMs): void
  /** Drafts this run takes on (a later round may add more). */
  addToTotal(count: number): void
  /** Drafts the run will not get to after all (held behind a failure, or no longer queued). */
  dropFromTotal(count: number): void
  sendStarted(): void
  sendFinished(at: EpochMs): void
  /** The request did not leave after all: neither done nor to do. */
  sendSkipped(): void
  finish(summary: SyncSummary): void
  setPaused(pause: SyncPause | undefined): void
  /** The queue's size now, as the runner's watch last counted it. */
  setWaiting(count: number): void
  /** How many of those wait behind an earlier request for the same employee. */
  setHeld(count: number): void
  /** A problem the clerk must know about that is not about one request (the computer's storage). */
  setProblem(problem: string | undefined): void
}

export const IDLE_PROGRESS: SyncProgress = { running: false, total: 0, done: 0, inFlight: 0, startedAt: 0, completions: [] }

/** "Sending 12 of 40": the request being worked on now, counted from 1; '' when idle. */
export function selectLabel(progress: Pick<SyncProgress, 'running' | 'done' | 'inFlight' | 'total'>): string {
  if (!progress.running) return ''
  const { done, inFlight, total } = progress
  if (total === 0) return 'Checking the queue…'
  if (inFlight === 0 && done >= total) return `Sent ${done} of ${total}`
  return `Sending ${Math.min(done + 1, total)} of ${total}`
}

/** Seconds left in this run at `now`, from its pace so far; undefined while idle or not yet known. */
export function selectEtaSeconds(progress: SyncProgress, now: EpochMs): number | undefined {
  if (!progress.running) return undefined
  return secondsLeft(progress, Math.max(0, progress.total - progress.done), now)
}

/** How often the screens take the counts of a run in progress: a few times a second reads as live. */
export const PROGRESS_EVERY_MS = 250

/**
 * Calls `listener` with the progress when it changes, but the counts of a run in progress (one change
 * as each request leaves and one as it is answered: over a hundred a second at the queue's pace) at
 * most once per `everyMs`, with the latest counts. Everything else is a milestone the clerk must see at
 * once and is passed on at once (a run starting or ending, a pause, a problem, what waits), with
 * the counts as they are then. Answers the unsubscribe.
 */
export function subscribeThrottled(
  store: StoreApi<SyncProgress>,
  listener: (progress: SyncProgress) => void,
  everyMs = PROGRESS_EVERY_MS
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deliver = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    listener(store.getState())
  }
  const unsubscribe = store.subscribe((next, previous) => {
    if (!onlyCountsChanged(next, previous)) deliver()
    else timer ??= setTimeout(deliver, everyMs)
  })
  return () => {
    unsubscribe()
    if (timer !== undefined) clearTimeout(timer)
  }
}

const COUNTS: ReadonlySet<string> = new Set<keyof SyncProgress>(['total', 'done', 'inFlight', 'completions'])

function onlyCountsChanged(next: SyncProgress, previous: SyncProgress): boolean {
  if (!next.running || !previous.running) return false
  const keys = new Set([...Object.keys(next), ...Object.keys(previous)]) as Set<keyof SyncProgress>
  for (const key of keys) if (!COUNTS.has(key) && next[key] !== previous[key]) return false
  return true
}

export function createProgressStore(): ProgressStore {
  const store = createStore<SyncProgress>(() => ({ ...IDLE_PROGRESS }))
  const update = (change: Partial<SyncProgress>) => store.setState(change)
  const without = (key: 'paused' | 'problem') => {
    const next = { ...store.getState() }
    delete next[key]
    store.setState(next, true)
  }

  return {
    store,
    begin: (at) => update({ running: true, total: 0, done: 0, inFlight: 0, startedAt: at, completions: [] }),
    addToTotal: (count) => update({ total: store.getState().total + count }),
    dropFromTotal: (count) => update({ total: Math.max(store.getState().done, store.getState().total - count) }),
    sendStarted: () => update({ inFlight: store.getState().inFlight + 1 }),
    sendFinished(at) {
      const { done, inFlight, completions } = store.getState()
      update({ done: done + 1, inFlight: Math.max(0, inFlight - 1), completions: withCompletion(completions, at) })
    },
    sendSkipped() {
      const { total, inFlight } = store.getState()
      update({ total: Math.max(0, total - 1), inFlight: Math.max(0, inFlight - 1) })
    },
    finish: (summary) => update({ running: false, inFlight: 0, lastSummary: summary }),
    setPaused: (pause) => (pause ? update({ paused: pause }) : without('paused')),
    setWaiting(count) {
      if (store.getState().waiting !== count) update({ waiting: count })
    },
    setHeld(count) {
      if (store.getState().held !== count) update({ held: count })
    },
    setProblem(problem) {
      if (store.getState().problem === problem) return
      if (problem === undefined) without('problem')
      else update({ problem })
    }
  }
}
