import type { RateTurn, RequestRateLimiter } from '../../../main/api/requestRateLimiter'

/**
 * Where the office's time goes (issue 29's office budget): every request each install's limiter
 * released, when, and when its answer came, so a run can say which turns were full, which ended short
 * while their install still had work (a last request pushed to its next turn), which went unused (an
 * install done, or turns not yet agreed), and how long the round trips that judge a turn's end were.
 */
export interface TracedRequest {
  install: number
  releasedAt: number
  answeredAt?: number
}

/** A limiter that records each release and answer of `install` into `log`, otherwise the same. */
export function tracedLimiter(limiter: RequestRateLimiter, install: number, log: TracedRequest[]): RequestRateLimiter {
  return {
    async acquire(signal, fileId) {
      // The request's file, passed on: without it the office's turns (kept per file) never apply.
      const turn = await limiter.acquire(signal, fileId)
      const entry: TracedRequest = { install, releasedAt: Date.now() }
      log.push(entry)
      const traced: RateTurn = {
        unused: () => turn?.unused(),
        answered() {
          entry.answeredAt = Date.now()
          turn?.answered()
        }
      }
      return traced
    }
  }
}

export interface OfficeTimeSpent {
  /** Office-wide, from the first release to the last: what went beyond a second a request. */
  lostMs: number
  /** The same, split by what the gap before each release was. */
  lostTo: {
    /** Within one install's turn: the limiter's own allowance (5 ms a request) and late timers. */
    withinTurn: number
    /** Between two installs' turns, the previous turn having released as many as a turn holds (or its install's last). */
    handOver: number
    /** Between turns, the previous turn ended short while its install still had requests: its last one waited a turn. */
    pushedToNextTurn: number
  }
  /** Turns (by the limiter's turn length) with releases, by how many they released. */
  turnsByCount: Record<string, number>
  /** Round trips per install (release to answer), ms: median and slowest. */
  roundTrips: Array<{ install: number; medianMs: number; slowestMs: number }>
}

export function officeTimeSpent(log: readonly TracedRequest[], turnLengthMs: number, turnRequests: number): OfficeTimeSpent {
  const sorted = [...log].sort((a, b) => a.releasedAt - b.releasedAt)
  const turnOf = (entry: TracedRequest) => Math.floor(entry.releasedAt / turnLengthMs)
  const lostTo = { withinTurn: 0, handOver: 0, pushedToNextTurn: 0 }
  const perTurn = new Map<number, { install: number; count: number }>()
  for (const entry of sorted) {
    const turn = perTurn.get(turnOf(entry)) ?? { install: entry.install, count: 0 }
    turn.count += 1
    perTurn.set(turnOf(entry), turn)
  }
  const lastReleaseOf = new Map<number, number>()
  for (const entry of sorted) lastReleaseOf.set(entry.install, entry.releasedAt)
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1] as TracedRequest
    const current = sorted[index] as TracedRequest
    const excess = current.releasedAt - previous.releasedAt - 1000
    if (previous.install === current.install && turnOf(previous) === turnOf(current)) {
      lostTo.withinTurn += excess
      continue
    }
    const previousTurn = perTurn.get(turnOf(previous))
    const hadMore = (lastReleaseOf.get(previous.install) ?? 0) > previous.releasedAt
    if (previousTurn && previousTurn.count < turnRequests && hadMore) lostTo.pushedToNextTurn += excess
    else lostTo.handOver += excess
  }
  const turnsByCount: Record<string, number> = {}
  for (const turn of perTurn.values()) turnsByCount[String(turn.count)] = (turnsByCount[String(turn.count)] ?? 0) + 1
  const installs = [...new Set(log.map((entry) => entry.install))].sort((a, b) => a - b)
  const roundTrips = installs.map((install) => {
    const trips = log.flatMap((entry) => (entry.install === install && entry.answeredAt !== undefined ? [entry.answeredAt - entry.releasedAt] : [])).sort((a, b) => a - b)
    return { install, medianMs: trips[Math.floor(trips.length / 2)] ?? 0, slowestMs: trips.at(-1) ?? 0 }
  })
  const span = sorted.length > 1 ? (sorted.at(-1) as TracedRequest).releasedAt - (sorted[0] as TracedRequest).releasedAt : 0
  return { lostMs: span - (sorted.length - 1) * 1000, lostTo, turnsByCount, roundTrips }
}
