import { describe, expect, it, vi } from 'vitest'
import { createProgressStore, selectEtaSeconds, selectLabel, subscribeThrottled } from './syncProgressStore'
import type { SyncProgress, SyncSummary } from './syncTypes'
import { describeTimeLeft, secondsLeft, withCompletion } from './throughputEstimate'

/** The state with its derived fields, as the panel reads them. */
const view = (state: SyncProgress, now = 0) => ({ ...state, label: selectLabel(state), etaSeconds: selectEtaSeconds(state, now) })

/** A run's pace after these completions, the way the store records them. */
function paceOf(startedAt: number, completions: number[]) {
  return { startedAt, completions: completions.reduce<number[]>((window, at) => withCompletion(window, at), []) }
}

describe('the progress the panel shows', () => {
  it('counts "Sending 12 of 40" and estimates the time left from the pace observed so far', () => {
    let now = 0
    const progress = createProgressStore()
    progress.begin(0)
    progress.addToTotal(40)
    expect(view(progress.store.getState(), now)).toMatchObject({ running: true, total: 40, done: 0, label: 'Sending 1 of 40' })
    expect(view(progress.store.getState(), now).etaSeconds).toBeUndefined()

    for (let i = 0; i < 11; i += 1) {
      progress.sendStarted()
      now += 1_000
      progress.sendFinished(now)
    }
    // 11 done in 11 s: 29 left at one a second.
    expect(view(progress.store.getState(), now)).toMatchObject({ done: 11, label: 'Sending 12 of 40', etaSeconds: 29 })
  })

  it('takes drafts it will not get to out of the total, so the count ends where the run ends', () => {
    const progress = createProgressStore()
    progress.begin(0)
    progress.addToTotal(5)
    progress.sendStarted()
    progress.sendFinished(0)
    progress.dropFromTotal(3)
    progress.sendStarted()
    progress.sendSkipped()
    expect(view(progress.store.getState())).toMatchObject({ total: 1, done: 1, inFlight: 0, label: 'Sent 1 of 1' })
  })

  it('shows a pause and clears it, and keeps the last summary once idle', () => {
    const progress = createProgressStore()
    progress.setPaused({ reason: 'offline', message: 'Offline.' })
    expect(progress.store.getState().paused).toEqual({ reason: 'offline', message: 'Offline.' })
    progress.setPaused(undefined)
    expect(progress.store.getState().paused).toBeUndefined()
    progress.finish({ ran: true, synced: 2, needsAttention: 0, uncertain: 0, waitingToRetry: 0, finishedAt: 0 })
    expect(view(progress.store.getState())).toMatchObject({ running: false, label: '', lastSummary: { synced: 2 } })
  })
})

describe('the time-left estimate', () => {
  it('follows the recent pace, not the slow start', () => {
    // Ten slow requests (10 s each), then thirty fast ones (1 s each).
    let at = 0
    const completions: number[] = []
    for (let i = 0; i < 10; i += 1) completions.push((at += 10_000))
    for (let i = 0; i < 30; i += 1) completions.push((at += 1_000))
    expect(secondsLeft(paceOf(0, completions), 60, at)).toBe(60)
  })

  it('grows while nothing finishes (a stall is not hidden)', () => {
    const pace = paceOf(0, [1_000, 2_000, 3_000])
    expect(secondsLeft(pace, 10, 3_000)).toBe(10)
    expect(secondsLeft(pace, 10, 30_000)).toBe(100)
  })

  it('says nothing until three requests have finished', () => {
    expect(secondsLeft(paceOf(0, [1_000, 2_000]), 10, 2_000)).toBeUndefined()
  })

  it.each([
    [undefined, ''],
    [4, 'a few seconds left'],
    [38, 'about 40 s left'],
    [41, 'about 45 s left'],
    [150, 'about 3 min left'],
    [3_600, 'about 1 h left'],
    [5_400, 'about 1 h 30 min left']
  ])('%s s reads "%s"', (seconds, words) => {
    expect(describeTimeLeft(seconds)).toBe(words)
  })
})

describe('what the screens are told while a run sends (subscribeThrottled)', () => {
  it('passes on the counts at most once per interval, with the latest, and a milestone at once', () => {
    vi.useFakeTimers()
    try {
      const progress = createProgressStore()
      const told: SyncProgress[] = []
      const stop = subscribeThrottled(progress.store, (state) => told.push(state), 250)

      progress.begin(0)
      progress.addToTotal(40)
      expect(told.map((state) => state.running)).toEqual([true]) // the run starting: at once

      for (let i = 0; i < 12; i += 1) {
        progress.sendStarted()
        progress.sendFinished(i)
      }
      expect(told).toHaveLength(1) // 25 changes of the counts, none passed on yet
      vi.advanceTimersByTime(250)
      expect(told).toHaveLength(2)
      expect(selectLabel(told[1] as SyncProgress)).toBe('Sending 13 of 40') // the latest counts, not the first change's

      progress.sendStarted()
      progress.setPaused({ reason: 'offline', message: 'Payroll can’t be reached.' })
      expect(told).toHaveLength(3) // a pause is shown at once, with the counts as they are then
      expect(told[2]).toMatchObject({ inFlight: 1, paused: { reason: 'offline' } })

      progress.sendFinished(13)
      progress.finish({ ran: true, synced: 13 } as SyncSummary)
      expect(told.at(-1)).toMatchObject({ running: false, done: 13 }) // the end: at once, nothing stale after it
      vi.advanceTimersByTime(1_000)
      expect(told).toHaveLength(4)

      stop()
      progress.begin(2_000)
      expect(told).toHaveLength(4)
    } finally {
      vi.useRealTimers()
    }
  })
})
