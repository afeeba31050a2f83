import { liveQuery } from 'dexie'
import { useStore } from 'zustand'
import type { EpochMs } from '../db'
import { coalescedRuns } from './coalescedRuns'
import { pauseState } from './pauseState'
import { countWaiting, nextWakeAt } from './queueQueries'
import { runBatch, type BatchTally } from './syncBatch'
import { defaultLocks, SYNC_LOCK_NAME } from './syncLocks'
import { createProgressStore } from './syncProgressStore'
import type { SyncRunner, SyncRunnerDeps, SyncSummary, TimerHandle } from './syncTypes'

/**
 * The app's one sync runner. Runs on start-up, when payroll becomes reachable again, when the clerk
 * signs in, on "Sync now", when the next retry falls due, and soon after the clerk queues a request.
 * Every run holds the Web Lock, so two windows never send at once; triggers during a run are folded
 * into one follow-up run.
 */
export const DEFAULT_CONCURRENCY = 4
/** The shortest wait before a follow-up run the runner schedules itself, so it can never spin. */
export const MIN_WAKE_DELAY_MS = 1_000
/** setTimeout's delay is a 32-bit signed integer: a longer one would fire at once, again and again. */
const MAX_TIMER_DELAY_MS = 2_147_483_647

export const OTHER_WINDOW_MESSAGE = 'Another Leave Desk window is sending these requests.'
export const STOPPED_MESSAGE = 'Sending has stopped.'
export const FAILED_MESSAGE = 'Leave Desk could not finish sending. Nothing was lost; it will try again.'

export function createSyncRunner(deps: SyncRunnerDeps): SyncRunner {
  const { repo, api } = deps
  const now = deps.now ?? Date.now
  const setTimer = deps.setTimer ?? ((run: () => void, delayMs: number): TimerHandle => setTimeout(run, delayMs))
  const clearTimer = deps.clearTimer ?? ((handle: TimerHandle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  const locks = deps.locks ?? defaultLocks()
  const lockName = deps.lockName ?? SYNC_LOCK_NAME
  const progress = createProgressStore(now)
  const pauses = pauseState(progress, now)
  const batchDeps = {
    repo,
    api,
    now,
    random: deps.random ?? Math.random,
    offsetMinutesOf: deps.offsetMinutesOf ?? machineOffsetMinutes,
    concurrency: deps.concurrency ?? DEFAULT_CONCURRENCY,
    progress,
    stopped: () => stopped
  }

  let started = false
  let stopped = false
  let clerkAsked = false
  let timer: TimerHandle | undefined
  const unsubscribes: (() => void)[] = []

  const skipped = (reason: string): SyncSummary => {
    const summary: SyncSummary = { ran: false, synced: 0, needsAttention: 0, uncertain: 0, waitingToRetry: 0, skipped: reason, finishedAt: now() }
    const pause = pauses.current()
    if (pause) summary.paused = pause
    return summary
  }

  /** Why a run may not start now, or undefined when it may. Asks main, which knows the session and the network. */
  async function whyNotNow(askedByClerk: boolean): Promise<string | undefined> {
    const quotaUntil = pauses.quotaResumesAt()
    if (pauses.is('quota') && !askedByClerk && quotaUntil !== undefined && now() < quotaUntil) return pauses.current()?.message
    pauses.clear('quota')
    if (pauses.is('signed-out') && !askedByClerk) return pauses.current()?.message
    const session = await api.getSessionStatus()
    if (session.ok && session.data.state === 'signed-out') return pauses.pause('signed-out').message
    pauses.clear('signed-out')
    const connectivity = await api.getConnectivityStatus()
    if (connectivity.ok && connectivity.data.state === 'unreachable') return pauses.pause('offline').message
    pauses.clear('offline')
    return undefined
  }

  async function runOnce(): Promise<SyncSummary> {
    const askedByClerk = clerkAsked
    clerkAsked = false
    if (stopped) return skipped(STOPPED_MESSAGE)
    const blocker = await whyNotNow(askedByClerk)
    if (blocker !== undefined) return skipped(blocker)
    const locked = await locks.runIfAvailable(lockName, batchUnderLock)
    return locked.ran ? locked.value : skipped(OTHER_WINDOW_MESSAGE)
  }

  async function batchUnderLock(): Promise<SyncSummary> {
    // Under the lock nobody is sending, so a draft still 'sending' belongs to a window that died.
    await repo.recoverInterruptedSends()
    progress.begin(now())
    const tally = await runBatch(batchDeps)
    if (tally.pause) pauses.pause(tally.pause.reason, tally.pause.message)
    const summary = await summarise(tally)
    progress.finish(summary)
    return summary
  }

  /** A run never rejects: the screens and the triggers get a summary saying it could not finish. */
  async function runOnceSafely(): Promise<SyncSummary> {
    try {
      return await runOnce()
    } catch {
      const summary = skipped(FAILED_MESSAGE)
      progress.finish(summary)
      // Try again when the next retry falls due; if the database itself is failing, this fails too.
      await scheduleWake().catch(() => undefined)
      return summary
    }
  }

  async function summarise(tally: BatchTally): Promise<SyncSummary> {
    const wakeAt = await scheduleWake()
    const summary: SyncSummary = {
      ran: true,
      synced: tally.synced,
      needsAttention: tally.needsAttention,
      uncertain: tally.uncertain,
      waitingToRetry: await countWaiting(repo),
      finishedAt: now()
    }
    if (wakeAt !== undefined) summary.nextRetryAt = wakeAt
    const pause = pauses.current()
    if (pause) summary.paused = pause
    return summary
  }

  /** Sets the timer for the next run the clock calls for; answers when that is. */
  async function scheduleWake(): Promise<EpochMs | undefined> {
    cancelTimer()
    if (stopped || pauses.is('signed-out') || pauses.is('offline')) return undefined
    const wakeAt = pauses.is('quota') ? pauses.quotaResumesAt() : await nextWakeAt(repo)
    // Another call may have set the timer meanwhile: there is only ever one.
    cancelTimer()
    if (wakeAt === undefined || stopped) return undefined
    timer = setTimer(() => {
      timer = undefined
      void requestRun()
    }, Math.min(Math.max(wakeAt - now(), MIN_WAKE_DELAY_MS), MAX_TIMER_DELAY_MS))
    return wakeAt
  }

  function cancelTimer(): void {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
  }

  const requestRun = coalescedRuns(runOnceSafely)

  /**
   * Keeps the queue's size in the progress store (the panel must not say "everything has been sent"
   * while requests wait), and when it grows, because the clerk queued more, sets the wake timer so they
   * go out without waiting for another trigger. A retry put back in the queue only moves the timer to
   * its backoff, which the run's end sets anyway.
   */
  function watchQueue(): () => void {
    let last: number | undefined
    const subscription = liveQuery(() => countWaiting(repo)).subscribe({
      next(count) {
        progress.setWaiting(count)
        const grew = last !== undefined && count > last
        last = count
        if (grew && !stopped) void scheduleWake().catch(() => undefined)
      },
      // The database went away (the page is closing): the next run reports any real problem.
      error: () => undefined
    })
    return () => subscription.unsubscribe()
  }

  function subscribe(): void {
    unsubscribes.push(
      watchQueue(),
      api.onConnectivityChanged((status) => {
        if (status.state === 'reachable') {
          pauses.clear('offline')
          void requestRun()
        } else if (status.state === 'unreachable' && !pauses.current()) {
          pauses.pause('offline')
        }
      }),
      api.onSessionChanged((status) => {
        if (status.state === 'signed-in') {
          pauses.clear('signed-out')
          void requestRun()
        } else {
          pauses.pause('signed-out')
        }
      })
    )
  }

  return {
    async start() {
      if (started || stopped) return
      started = true
      subscribe()
      await locks.runIfAvailable(lockName, () => repo.recoverInterruptedSends())
      await requestRun()
    },
    stop() {
      stopped = true
      cancelTimer()
      unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe())
    },
    syncNow() {
      clerkAsked = true
      return requestRun()
    },
    async sendAgain(draftId) {
      const result = await repo.sendAgain(draftId)
      if (result.ok && !stopped) void requestRun()
      return result
    },
    async markAsSent(draftId) {
      const result = await repo.markSent(draftId)
      // The employee's later requests were waiting behind this one.
      if (result.ok && !stopped) void requestRun()
      return result
    },
    useProgress: () => useStore(progress.store),
    getProgress: () => progress.store.getState()
  }
}

/** The machine's UTC offset on that calendar date (at local midnight), so DST changes are respected. */
export function machineOffsetMinutes(date: string): number {
  const midnight = new Date(`${date}T00:00:00`)
  return Number.isNaN(midnight.getTime()) ? -new Date().getTimezoneOffset() : -midnight.getTimezoneOffset()
}
