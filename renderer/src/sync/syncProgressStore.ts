import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EpochMs } from '../db'
import { throughputEstimate } from './throughputEstimate'
import type { SyncPause, SyncProgress, SyncSummary } from './syncTypes'

/**
 * The live state of the queue for the screens: a zustand store the runner writes and the panel reads.
 * Kept apart from the runner so the counting rules ("Sending 12 of 40", the estimate) are in one place.
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
}

export const IDLE_PROGRESS: SyncProgress = { running: false, total: 0, done: 0, inFlight: 0, label: '' }

export function createProgressStore(now: () => EpochMs): ProgressStore {
  const store = createStore<SyncProgress>(() => ({ ...IDLE_PROGRESS }))
  const estimate = throughputEstimate(now())

  /** Recomputes the derived fields (label, estimate) after a change of the counts. */
  const update = (change: Partial<SyncProgress>) => {
    const next = { ...store.getState(), ...change }
    const remaining = Math.max(0, next.total - next.done)
    next.label = next.running ? sendingLabel(next.done, next.inFlight, next.total) : ''
    const eta = next.running ? estimate.secondsLeft(remaining, now()) : undefined
    if (eta === undefined) delete next.etaSeconds
    else next.etaSeconds = eta
    store.setState(next, true)
  }

  return {
    store,
    begin(at) {
      estimate.reset(at)
      update({ running: true, total: 0, done: 0, inFlight: 0 })
    },
    addToTotal: (count) => update({ total: store.getState().total + count }),
    dropFromTotal: (count) => update({ total: Math.max(store.getState().done, store.getState().total - count) }),
    sendStarted: () => update({ inFlight: store.getState().inFlight + 1 }),
    sendFinished(at) {
      estimate.recordCompletion(at)
      const { done, inFlight } = store.getState()
      update({ done: done + 1, inFlight: Math.max(0, inFlight - 1) })
    },
    sendSkipped() {
      const { total, inFlight } = store.getState()
      update({ total: Math.max(0, total - 1), inFlight: Math.max(0, inFlight - 1) })
    },
    finish: (summary) => update({ running: false, inFlight: 0, lastSummary: summary }),
    setPaused(pause) {
      const next = { ...store.getState() }
      if (pause) next.paused = pause
      else delete next.paused
      store.setState(next, true)
    },
    setWaiting(count) {
      if (store.getState().waiting !== count) store.setState({ ...store.getState(), waiting: count }, true)
    },
    setHeld(count) {
      if (store.getState().held !== count) store.setState({ ...store.getState(), held: count }, true)
    }
  }
}

/** "Sending 12 of 40": the request being worked on now, counted from 1. */
function sendingLabel(done: number, inFlight: number, total: number): string {
  if (total === 0) return 'Checking the queue…'
  if (inFlight === 0 && done >= total) return `Sent ${done} of ${total}`
  return `Sending ${Math.min(done + 1, total)} of ${total}`
}
