import { turnLengthMs, waitForOwnTurn, type OfficeSlot } from './officeSlots'

/**
 * Spaces requests so the client never goes over the API's rate (live: 1 request per second per file).
 * One limiter is shared by every caller of the client; callers are released strictly in the order they
 * asked (FIFO), each at least one interval after the previous one was actually released, so a late timer
 * never squeezes two requests together.
 *
 * The server counts arrivals in a sliding one-second window, and arrivals wobble by a few milliseconds
 * against our release times; `jitterAllowanceMs` stretches every run of `perSecond` requests to span
 * 1 s plus that allowance, so the wobble cannot push one request too many into a window.
 *
 * A caller may give up while it waits (its window was reloaded): `acquire(signal)` then rejects at once
 * with the signal's reason, the caller leaves the line, and its turn goes to the next one in line (a
 * caller that gave up never uses up an interval). Once released, a caller is no longer affected.
 */
export interface RequestRateLimiter {
  /**
   * Resolves when the caller may send one request (with its turn, to say when the answer came); rejects
   * if `signal` aborts first. `fileId`: the payroll file the request is for (its office's turns apply);
   * null or absent for an account-level call.
   */
  acquire(signal?: AbortSignal, fileId?: number | null): Promise<RateTurn | void>
}

/** One released request. */
export interface RateTurn {
  /** The request's answer (or failure) has come back: the limiter learns how late it may have arrived. */
  answered(): void
  /** The turn was not used (its asker went away before sending): nothing of it is on its way. */
  unused(): void
}

export interface RequestRateLimiterOptions {
  /** Requests per second; null = no limit (the embedded sandbox). */
  perSecond: number | null
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  jitterAllowanceMs?: number
  /**
   * The office's turns (officeSlots.ts): when several installs send to the file at once, each releases
   * only at the start of its own slots, so together they keep to `perSecond`. Null: alone. Asked for
   * the file of the request at the head of the line (each file has its own office, or none).
   */
  officeSlot?: (now: number, turnLengthMs: number, fileId: number | null) => OfficeSlot | null
  /**
   * Told when the limiter gets busy (a request waits or is on its way) and quiet again (the last one
   * answered): the office budget's `quietSince`, when this install may lend its turns (officeSlots.ts).
   */
  onBusy?: (busy: boolean, at: number) => void
}

/**
 * 5 ms keeps the achieved rate above 99 % of the limit (at the live API's 1/s). It only has to cover the
 * small wobble: a request held up on its way (a busy machine, a slow hop) is seen from its answer and
 * pushes the next releases back by as much (below), which a fixed allowance could only cover by being
 * large all the time (30 ms gave 97 %, and still met a 429 on a loaded machine).
 */
const DEFAULT_JITTER_ALLOWANCE_MS = 5
/** Round trips remembered for the fastest one seen lately (how long a request that met no delay takes). */
const ROUND_TRIPS_KEPT = 20
/**
 * Until this many round trips are known, the fastest one seen says nothing about how long the way to the
 * server takes (the first requests, on a cold connection and a busy machine, are often the slowest; with
 * three known, a 7 ms "fastest" against a true 2 ms let two arrivals come 997 ms apart in the office run):
 * a request is taken to have arrived as late as its answer came.
 */
const ROUND_TRIPS_BEFORE_TRUSTED = 5
/**
 * How long a request may take to reach the server before any round trip is known, for the office's
 * turns (officeSlots.ts): a turn's last request must have arrived before the next install's turn.
 */
const UNKNOWN_ARRIVAL_DELAY_MS = 250
/**
 * While waiting for the office's turn, the longest sleep before looking at the turns again: a turn a
 * colleague lends (officeSlots.ts) is used within this of main hearing of it. Looking is a few comparisons.
 */
const SLOT_RECHECK_MS = 250
/** A timer may fire a hair early against the clock; a few re-checks cover that without spinning forever. */
const MAX_WAITS_PER_TURN = 3

interface Waiter {
  resolve: (turn: RateTurn) => void
  reject: (reason: unknown) => void
  /** Takes the waiter's abort listener off its signal. */
  detach: () => void
  fileId: number | null
}

export function requestRateLimiter(options: RequestRateLimiterOptions): RequestRateLimiter {
  const { perSecond } = options
  if (perSecond === null) return { acquire: (signal) => (signal?.aborted ? Promise.reject(abortReason(signal)) : Promise.resolve()) }
  if (!(Number.isFinite(perSecond) && perSecond > 0)) throw new RangeError('perSecond must be a positive number or null.')
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const jitterAllowanceMs = options.jitterAllowanceMs ?? DEFAULT_JITTER_ALLOWANCE_MS
  const intervalMs = (1000 + jitterAllowanceMs) / perSecond
  let lastReleaseAt = Number.NEGATIVE_INFINITY
  /**
   * When a request of each of the last `perSecond` turns reached the server, at the latest that the
   * answers can tell: the server counts arrivals, not our releases. A request whose round trip took
   * longer than the fastest lately was held up somewhere, maybe before it arrived; the next request
   * `perSecond` turns later is then released no sooner than a second after that latest arrival.
   */
  const arrivals: number[] = []
  const roundTrips: number[] = []
  /** Callers in line, and turns released but not yet answered (or given up). */
  let pending = 0
  const pendingChanged = (change: 1 | -1) => {
    pending += change
    if (pending === (change === 1 ? 1 : 0)) options.onBusy?.(change === 1, now())
  }
  const settledOnce = () => {
    let settled = false
    return () => {
      if (settled) return false
      settled = true
      pendingChanged(-1)
      return true
    }
  }
  const turnFor = (releasedAt: number, index: number): RateTurn => {
    const settle = settledOnce()
    return {
      unused: () => void settle(),
      answered() {
        if (!settle()) return
        const roundTrip = Math.max(0, now() - releasedAt)
        roundTrips.push(roundTrip)
        if (roundTrips.length > ROUND_TRIPS_KEPT) roundTrips.shift()
        const fastest = roundTrips.length >= ROUND_TRIPS_BEFORE_TRUSTED ? Math.min(...roundTrips) : 0
        const latestArrival = releasedAt + roundTrip - fastest
        const slot = index % Math.max(1, Math.ceil(perSecond))
        arrivals[slot] = Math.max(arrivals[slot] ?? latestArrival, latestArrival)
      }
    }
  }
  let released = 0
  /**
   * The soonest the next turn may go: `perSecond` turns after an arrival, a second after it, with the
   * pace's own allowance: the fastest round trip is the sum of the fastest legs only roughly, so an
   * arrival inferred from it may be a few ms late. At a steady pace this costs nothing (turns are already
   * `intervalMs` apart).
   */
  const arrivalBound = () => {
    const earlier = arrivals[released % Math.max(1, Math.ceil(perSecond))]
    return earlier === undefined ? Number.NEGATIVE_INFINITY : earlier + 1000 + jitterAllowanceMs
  }
  const line: Waiter[] = []
  let serving = false
  const slotWait = (fileId: number | null) => {
    const slot = options.officeSlot?.(now(), turnLengthMs(perSecond, jitterAllowanceMs), fileId)
    // How long a request of ours may take to reach the server: the slowest round trip lately (the whole
    // of it, the safe reading: the answer's way back cannot be told from the way there).
    const arrivalDelay = roundTrips.length === 0 ? UNKNOWN_ARRIVAL_DELAY_MS : Math.max(...roundTrips)
    return slot ? waitForOwnTurn(now(), slot, perSecond, jitterAllowanceMs, arrivalDelay) : 0
  }

  /** Releases the line one by one; the one running loop, started by the first caller of an empty line. */
  const serve = async () => {
    if (serving) return
    serving = true
    try {
      // Each pass releases (or fails) the head of the line, or finds the line empty: bounded by its length.
      while (line.length > 0) {
        // Each turn starts from a fresh microtask: the caller released last goes on its way first.
        await Promise.resolve()
        if (line.length === 0) break
        try {
          for (let waits = 0; waits < MAX_WAITS_PER_TURN; waits++) {
            const wait = Math.max(lastReleaseAt + intervalMs, arrivalBound()) - now()
            if (wait <= 0) break
            await sleep(Math.ceil(wait))
          }
          // Sharing the file with colleagues: wait for a turn of ours (officeSlots.ts), released early
          // enough in it. Too late in it waits for the next one: never released outside its turn, and
          // never a spin (each wait is at least 1 ms, and lasts until a turn of ours begins).
          // Looked at again at least every second: the turns change when a colleague joins or leaves, and
          // asking is how the office budget knows a request waits (officeBudget.ts: wantsToSend).
          const fileOf = () => line[0]?.fileId ?? null
          for (let wait = slotWait(fileOf()); wait > 0; wait = slotWait(fileOf())) await sleep(Math.min(wait, SLOT_RECHECK_MS))
        } catch (error) {
          // A failed sleep fails this turn only; the line behind it keeps moving.
          settleHead((waiter) => waiter.reject(error), false)
          continue
        }
        // Whoever is first now gets the turn: callers that gave up meanwhile have left the line.
        if (line.length === 0) break
        lastReleaseAt = now()
        const turn = turnFor(lastReleaseAt, released)
        released += 1
        settleHead((waiter) => waiter.resolve(turn), true)
      }
    } finally {
      serving = false
    }
  }

  /** The head leaves the line: released (its turn now pending until answered) or failed (no longer pending). */
  const settleHead = (settle: (waiter: Waiter) => void, givenATurn: boolean) => {
    const head = line.shift()
    if (!head) return
    head.detach()
    if (!givenATurn) pendingChanged(-1)
    settle(head)
  }

  return {
    acquire(signal, fileId = null) {
      if (signal?.aborted) return Promise.reject(abortReason(signal))
      return new Promise<RateTurn>((resolve, reject) => {
        const onAbort = () => {
          const index = line.indexOf(waiter)
          if (index === -1) return
          line.splice(index, 1)
          pendingChanged(-1)
          reject(abortReason(signal as AbortSignal))
        }
        const waiter: Waiter = { resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort), fileId }
        signal?.addEventListener('abort', onAbort, { once: true })
        line.push(waiter)
        pendingChanged(1)
        void serve()
      })
    }
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The wait was abandoned.', 'AbortError')
}
