import type { SessionStatus } from '../../../shared/ipc'
import { coalesced, MAX_TIMER_DELAY_MS, once, systemClock } from '../../../shared/primitives'
import type { EpochMs } from '../db'
import { machineOffsetMinutes } from '../drafts/draftToLeaveRequest'
import { stillSending } from '../db/repositoryResult'
import { hasWriteInFlight, recordLateAnswers } from './lateAnswers'
import { requestKeyOf } from './requestKeys'
import { pauseState } from './pauseState'
import { runBatch, type BatchTally } from './syncBatch'
import { watchQueue } from './watchQueue'
import { defaultLocks, SYNC_LOCK_NAME } from './syncLocks'
import { createProgressStore } from './syncProgressStore'
import type { SyncRunner, SyncRunnerDeps, SyncSummary, TimerHandle } from './syncTypes'
import { refusedBatchMessage } from './syncWords'

/**
 * The app's one sync runner. No React here: the screens read its vanilla progress store.
 *
 *   triggers: start() · payroll reachable · signed in · "Sync now" · wake timer · clerk queued more
 *        │
 *        ▼            (a trigger while a run goes on is folded into ONE follow-up run: coalesced)
 *   ┌─────────┐  requestRun   ┌──────────────┐ paused? (quota · refused · signed out · offline)
 *   │  IDLE   │──────────────▶│  CHECKING    │──────────────────────────────────┐
 *   │ (timer  │               │ asks main:   │                                  │
 *   │  maybe  │               │ session, net │ Web Lock taken (other window)    │
 *   │  set)   │◀──────────┐   └──────┬───────┘──────────────────────────────┐   │
 *   └─────────┘           │          │ lock held                            ▼   ▼
 *        ▲                │          ▼                                  ┌──────────────┐
 *        │                │   ┌──────────────┐                          │  SKIPPED     │
 *        │                │   │ RECOVERING   │ 'sending' left by a dead │  summary says│
 *        │                │   │              │ window: insert → uncertain│  why; pause  │
 *        │                │   └──────┬───────┘ update → checked first   │  shown       │
 *        │                │          ▼                                  └──────┬───────┘
 *        │                │   ┌──────────────┐ lanes of employees, 4 at once   │
 *        │                │   │  SENDING     │ claim → call → record (syncBatch)│
 *        │                │   │  (rounds)    │ stops: offline · signed out ·    │
 *        │                │   └──────┬───────┘ quota · 403/404 · stop()         │
 *        │                │          ▼                                          │
 *        │   scheduleWake │   ┌──────────────┐                                  │
 *        └────────────────┴───│ SUMMARISING  │ counts waiting/held; wake timer  │
 *                             └──────────────┘ at the next due retry (≥ 1 s),   │
 *                                              none while offline or refused ◀──┘
 *   stop(): from any state to STOPPED: no new request leaves, timers and subscriptions end.
 *
 * Every run holds the Web Lock, so two windows never send at once. A run never rejects: a failure
 * becomes a summary saying it could not finish, and the wake timer is set again.
 */
export const DEFAULT_CONCURRENCY = 4
/** The shortest wait before a follow-up run the runner schedules itself, so it can never spin. */
export const MIN_WAKE_DELAY_MS = 1_000
/**
 * Paused as signed out by a batch (main refused a request as signed out), the runner asks main again
 * after this long: if main's session is in fact still signed in, no event will come to say so.
 */
export const SIGNED_OUT_RECHECK_MS = 30_000

/** After a reload, how often the runner asks main for the answers to requests the old page sent. */
export const LATE_ANSWER_POLL_MS = 2_000

/** While the local database refuses writes, the runner tries again this often (and sends nothing new). */
export const STORAGE_RETRY_MS = 30_000

export const STORAGE_FAILING_MESSAGE =
  'This computer’s storage is refusing to save Leave Desk’s changes — the disk may be full. ' +
  'Payroll’s answers are kept in memory and saved as soon as it works again (Leave Desk tries every 30 seconds). ' +
  'Free some disk space, and keep Leave Desk open until this message goes away.'
export const OTHER_WINDOW_MESSAGE = 'Another Leave Desk window is sending these requests.'
export const STOPPED_MESSAGE = 'Sending has stopped.'
export const FAILED_MESSAGE = 'Leave Desk could not finish sending. Nothing was lost; it will try again.'

export function createSyncRunner(deps: SyncRunnerDeps): SyncRunner {
  const { repo, api } = deps
  const { queue } = repo
  const clock = deps.clock ?? systemClock
  const now = () => clock.now()
  const locks = deps.locks ?? defaultLocks()
  const lockName = deps.lockName ?? SYNC_LOCK_NAME
  const progress = createProgressStore()
  const pauses = pauseState(progress, now)
  const batchDeps = {
    repo,
    api,
    now,
    random: deps.random ?? Math.random,
    offsetMinutesOf: deps.offsetMinutesOf ?? machineOffsetMinutes,
    concurrency: Math.max(1, Math.floor(deps.concurrency ?? DEFAULT_CONCURRENCY) || 1),
    progress,
    stopped: () => stopped,
    payroll: deps.payroll,
    teamClaims: deps.teamClaims
  }

  let stopped = false
  let clerkAsked = false
  /** The local database refused a write this run: the clerk is told, and the storage timer retries. */
  let storageFailing = false
  let timer: TimerHandle | undefined
  /** Who is signed in with which files, as main last said; a change clears a refusal of access. */
  let sessionKey: string | undefined
  const unsubscribes: (() => void)[] = []

  const skipped = (reason: string): SyncSummary => {
    const summary: SyncSummary = { ran: false, synced: 0, needsAttention: 0, uncertain: 0, waitingToRetry: 0, skipped: reason, finishedAt: now() }
    const pause = pauses.current()
    if (pause) summary.paused = pause
    return summary
  }

  /** Notes the session main reports; answers whether it is a different one from the last noted. */
  function noteSession(status: SessionStatus): boolean {
    const key = status.state === 'signed-in' ? `${status.method ?? ''}|${status.username ?? ''}|${[...status.fileIds].sort().join(',')}` : 'signed-out'
    const changed = key !== sessionKey
    sessionKey = key
    return changed
  }

  /**
   * Why a run may not start now, or undefined when it may. Asks main, which knows the session and the
   * network: a signed-out pause this runner remembers may be out of date (main may have stayed signed in
   * while one request was refused as signed out), so it never decides from the pause alone.
   */
  async function whyNotNow(askedByClerk: boolean): Promise<string | undefined> {
    const quotaUntil = pauses.quotaResumesAt()
    if (pauses.is('quota') && !askedByClerk && quotaUntil !== undefined && now() < quotaUntil) return pauses.current()?.message
    pauses.clear('quota')
    // Sending again by itself would only turn more requests into "needs attention": the clerk decides.
    if (pauses.is('refused') && !askedByClerk) return pauses.current()?.message
    pauses.clear('refused')
    const session = await api.getSessionStatus()
    if (session.ok) noteSession(session.value)
    if (session.ok && session.value.state === 'signed-out') return pauses.pause('signed-out').message
    pauses.clear('signed-out')
    const connectivity = await api.getConnectivityStatus()
    if (connectivity.ok && connectivity.value.state === 'unreachable') return pauses.pause('offline').message
    pauses.clear('offline')
    return undefined
  }

  async function runOnce(): Promise<SyncSummary> {
    const askedByClerk = clerkAsked
    clerkAsked = false
    if (stopped) return skipped(STOPPED_MESSAGE)
    // Payroll's answers the database refused earlier: recorded first, whatever else holds the queue back.
    if (!(await recordHeldAnswers())) return storageSkipped()
    await takeLateAnswers()
    const blocker = await whyNotNow(askedByClerk)
    if (blocker !== undefined) return skipped(blocker)
    const locked = await locks.runIfAvailable(lockName, batchUnderLock)
    return locked.ran ? locked.value : skipped(OTHER_WINDOW_MESSAGE)
  }

  /** Answers main kept for requests sent before a reload; answers whether any changed a draft. */
  async function takeLateAnswers(): Promise<boolean> {
    try {
      return (await recordLateAnswers(api, repo, now)) > 0
    } catch {
      // Main keeps nothing it could not hand over twice; a draft left uncertain waits for the clerk.
      return false
    }
  }

  /** False when the database still refuses them (the storage timer tries again). */
  async function recordHeldAnswers(): Promise<boolean> {
    if (queue.unrecordedCount() === 0) return true
    try {
      await queue.recordUnrecorded()
      return true
    } catch {
      return false
    }
  }

  /**
   * Under the lock nobody here is sending, so a draft still 'sending' belongs to a page that went away.
   * Main outlives the page: first what it says is still out, then the answers it kept are recorded. An
   * insert it still has out stays 'sending' (its answer settles it), so a reload mid-sync shows the
   * right counts from the start instead of "Uncertain" until the answers come. Any other insert becomes
   * uncertain, and an update is queued for a check.
   */
  async function recoverUnderLock(): Promise<void> {
    const out = await api.listWritesInFlight().catch(() => undefined)
    const keys = new Set(out?.ok ? out.value.map((write) => write.requestKey) : [])
    await takeLateAnswers()
    let kept = false
    await queue.recoverInterruptedSends((draft) => keys.has(requestKeyOf(draft)) && (kept = true))
    keptForMain = kept
    // What was kept 'sending' is watched until main has nothing out, then recovered again (watchLateAnswers).
    if (kept) keepWatching()
  }

  async function batchUnderLock(): Promise<SyncSummary> {
    try {
      await recoverUnderLock()
    } catch {
      return storageSkipped()
    }
    progress.begin(now())
    const tally = await runBatch(batchDeps)
    if (tally.refused) pauses.pause('refused', refusedBatchMessage(tally.refused))
    // Signed out or out of quota wins: that has to be dealt with first.
    if (tally.pause) pauses.pause(tally.pause.reason, tally.pause.message)
    storageFailing = tally.storageFailing || queue.unrecordedCount() > 0
    const summary = await summarise(tally)
    // The live count was paused during the run; the run has just counted, so the panel never shows the
    // pre-run number beside "N sent".
    progress.setWaiting(summary.waitingToRetry)
    progress.finish(summary)
    return summary
  }

  /** The database refused to record what it must: say so, and come back on the storage timer. */
  async function storageSkipped(): Promise<SyncSummary> {
    storageFailing = true
    const summary = skipped(STORAGE_FAILING_MESSAGE)
    const wakeAt = await scheduleWake()
    if (wakeAt !== undefined) summary.nextRetryAt = wakeAt
    return summary
  }

  /** A run never rejects: the screens and the triggers get a summary saying it could not finish. */
  async function runOnceSafely(): Promise<SyncSummary> {
    let summary: SyncSummary
    try {
      storageFailing = false
      summary = await runOnce()
    } catch {
      summary = skipped(FAILED_MESSAGE)
      progress.finish(summary)
      // Try again when the next retry falls due (or on the storage timer, if the database cannot say).
      await scheduleWake()
    }
    progress.setProblem(storageFailing ? STORAGE_FAILING_MESSAGE : undefined)
    return summary
  }

  async function summarise(tally: BatchTally): Promise<SyncSummary> {
    const wakeAt = await scheduleWake()
    const summary: SyncSummary = {
      ran: true,
      synced: tally.synced,
      needsAttention: tally.needsAttention,
      uncertain: tally.uncertain,
      waitingToRetry: await queue.countWaiting(),
      finishedAt: now()
    }
    progress.setHeld(await queue.countHeld())
    if (wakeAt !== undefined) summary.nextRetryAt = wakeAt
    const pause = pauses.current()
    if (pause) summary.paused = pause
    return summary
  }

  /**
   * Sets the timer for the next run the clock calls for; answers when that is. None while offline (main
   * says when payroll is back) or refused (the clerk says); while signed out, no sooner than a recheck
   * interval (main says when the clerk signs in, but the pause may be a batch's mistaken reading).
   */
  async function scheduleWake(): Promise<EpochMs | undefined> {
    cancelTimer()
    if (stopped) return undefined
    // A failing database is retried whatever else holds the queue back: payroll's answers wait in memory.
    if (!storageFailing && (pauses.is('offline') || pauses.is('refused'))) return undefined
    let wakeAt: EpochMs | undefined
    try {
      wakeAt = storageFailing ? now() + STORAGE_RETRY_MS : await plannedWake()
    } catch {
      // The database cannot even say what is due: that is a storage failure too.
      storageFailing = true
      wakeAt = now() + STORAGE_RETRY_MS
    }
    // Another call may have set the timer meanwhile: there is only ever one.
    cancelTimer()
    if (wakeAt === undefined || stopped) return undefined
    timer = clock.setTimer(() => {
      timer = undefined
      void requestRun()
    }, Math.min(Math.max(wakeAt - now(), MIN_WAKE_DELAY_MS), MAX_TIMER_DELAY_MS))
    return wakeAt
  }

  async function plannedWake(): Promise<EpochMs | undefined> {
    if (pauses.is('quota')) return pauses.quotaResumesAt()
    const due = await queue.nextWakeAt()
    if (due === undefined || !pauses.is('signed-out')) return due
    return Math.max(due, now() + SIGNED_OUT_RECHECK_MS)
  }

  function cancelTimer(): void {
    if (timer !== undefined) clock.clearTimer(timer)
    timer = undefined
  }

  const requestRun = coalesced(runOnceSafely)

  function subscribe(): void {
    unsubscribes.push(
      watchQueue({ queue, progress, stopped: () => stopped, scheduleWake }),
      api.onConnectivityChanged((status) => {
        if (status.state === 'reachable') {
          pauses.clear('offline')
          void requestRun()
        } else if (status.state === 'unreachable' && !pauses.current()) {
          pauses.pause('offline')
        }
      }),
      api.onSessionChanged((status) => {
        const differentSession = noteSession(status)
        if (status.state === 'signed-in') {
          // Signing in anew (or with other files) is how the clerk fixes access; a token refresh is not.
          if (differentSession) pauses.clear('refused')
          pauses.clear('signed-out')
          void requestRun()
        } else {
          pauses.pause('signed-out')
        }
      })
    )
  }

  /**
   * While main still has requests out that an earlier page sent (the page reloaded), their answers are
   * collected every couple of seconds and recorded on their drafts; an answer that moves a draft (synced,
   * or back in the queue) starts a run. Ends once main has nothing out.
   */
  let lateAnswerTimer: TimerHandle | undefined
  let watching = false
  /**
   * An insert the last recovery kept 'sending' because main had its request out. Main may end it with no
   * answer this page gets (an answer taken elsewhere or lost, a write that threw): once main has nothing
   * out, a recovery settles it (main's kept answer, else Uncertain), never sending it again.
   */
  let keptForMain = false
  async function watchLateAnswers(): Promise<void> {
    // Called at start while a recovery may have set the timer already: one watch only.
    if (lateAnswerTimer !== undefined) clock.clearTimer(lateAnswerTimer)
    lateAnswerTimer = undefined
    if (stopped) return
    watching = true
    let again: boolean
    try {
      if (await takeLateAnswers()) void requestRun()
      const out = await api.listWritesInFlight().catch(() => undefined)
      if (out?.ok && out.value.length > 0) again = true
      // Nothing out (or main cannot say): what was kept for main is recovered now, under the lock; a run
      // holding the lock recovers first itself, and this looks again shortly in case it began too early.
      else if (keptForMain && !stopped) again = !(await locks.runIfAvailable(lockName, recoverUnderLock).catch(() => ({ ran: false }))).ran || keptForMain
      // Otherwise one last collection on the next run is enough.
      else again = false
    } finally {
      watching = false
    }
    if (again) keepWatching()
  }
  function keepWatching(): void {
    if (stopped || watching || lateAnswerTimer !== undefined) return
    lateAnswerTimer = clock.setTimer(() => void watchLateAnswers(), LATE_ANSWER_POLL_MS)
  }

  const startOnce = once(async () => {
    subscribe()
    await locks.runIfAvailable(lockName, recoverUnderLock)
    await watchLateAnswers()
    await requestRun()
  })

  return {
    start: () => (stopped ? Promise.resolve() : startOnce()),
    stop() {
      stopped = true
      cancelTimer()
      if (lateAnswerTimer !== undefined) clock.clearTimer(lateAnswerTimer)
      lateAnswerTimer = undefined
      unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe())
    },
    syncNow() {
      clerkAsked = true
      return requestRun()
    },
    async sendAgain(draftId) {
      // The page reloaded while this draft's request was out, and main says it still is: wait for it.
      if (await hasWriteInFlight(api, draftId)) return stillSending()
      const result = await repo.sendAgain(draftId)
      if (result.ok && !stopped) void requestRun()
      return result
    },
    async markAsSent(draftId) {
      const result = await queue.markSent(draftId)
      // The employee's later requests were waiting behind this one.
      if (result.ok && !stopped) void requestRun()
      return result
    },
    async earlierRequestInFlight(draftId) {
      // An answer that arrived moves its draft on (and maybe releases the employee's later requests).
      if ((await takeLateAnswers()) && !stopped) void requestRun()
      return hasWriteInFlight(api, draftId)
    },
    progress: progress.store,
    getProgress: () => progress.store.getState()
  }
}
