import type { OfficeTurnTaker } from '../../shared/ipc/officeShare'

/**
 * Turns among the installs of one office sending to one payroll file at once (issue 29). Time is cut
 * into turns of TURN_REQUESTS requests each, counted from the Unix epoch by each computer's clock, and
 * install `slot` of `of` sends only in its own turns (turn index ≡ slot mod of), so no message between
 * installs is needed to take turns. Within its turn an install paces itself as when alone (the limiter's
 * own interval and arrival checks).
 *
 * What keeps two installs apart is where a turn's LAST request may leave: late enough in the turn that
 * it has reached the vendor, by this install's own measure of how long its requests take to get there
 * (`arrivalDelayMs`, from its recent round trips), a second and CLOCK_SKEW_MS before the next install's
 * turn begins. The next install's first request cannot reach the vendor before it leaves, at the earliest
 * that turn's start, so the two are a second apart at the vendor however late this install's timers
 * fire or however slow its path is; a late release is re-checked at the moment it leaves and, too late,
 * waits for the next turn of its own. HANDOVER_GUARD_MS is the room left for that delay at the end of a
 * turn: a path slower than the room only costs the turn's last request (it goes a turn later), never a
 * 429. Paying the guard once a turn keeps the office's pace near the limit (10 requests in
 * 10 × 1.005 s + 0.3 s: 97.1 %).
 */
export interface OfficeSlot {
  /** This install's turn, 0-based, among the installs sending now (sorted by install id). */
  slot: number
  /** How many installs are sending now. 1: alone, paced as without a team. */
  of: number
  /** Not a request before this moment: colleagues have not all heard yet that this install sends. */
  notBefore?: number
}

/** While this install has not announced itself, how often to look again (the page announces it at its next heartbeat). */
export const UNANNOUNCED_RECHECK_MS = 250

/**
 * This install's turn at `now` among the page's turn takers (shared/ipc/officeShare.ts). Each taker
 * counts in the turns that begin between its `from` and its `until`, moments every install computes alike
 * from the same spend documents: when one joins or leaves, all installs change their turns at the same
 * turn's start rather than each at its own heartbeat (or mid-turn). Null: nobody else takes this turn or
 * the next, so no hand-over to keep clear of.
 */
export function officeSlotAt(turnTakers: readonly OfficeTurnTaker[], now: number, turnLength: number): OfficeSlot | null {
  const me = turnTakers.find((taker) => taker.me)
  if (!me) return null
  if (me.from === null) return { slot: 0, of: 1, notBefore: now + UNANNOUNCED_RECHECK_MS }
  const turnStart = Math.floor(now / turnLength) * turnLength
  if (me.from > turnStart) return { slot: 0, of: 1, notBefore: Math.max(now + 1, Math.ceil(me.from / turnLength) * turnLength) }
  const takersAt = (at: number) => turnTakers.filter((taker) => taker.me || (taker.from !== null && taker.from <= at && (taker.until === null || at < taker.until)))
  const active = takersAt(turnStart)
  if (active.length <= 1 && takersAt(turnStart + turnLength).length <= 1) return null
  return { slot: active.indexOf(me), of: active.length }
}

/** Requests in one install's turn. */
export const TURN_REQUESTS = 10
/** Room at a turn's end, on top of a second: the last request's way to the vendor, timers running late. */
export const HANDOVER_GUARD_MS = 300
/** Two computers' clocks a little apart (NTP keeps an office within ~10 ms). */
export const CLOCK_SKEW_MS = 50

/** One request's share of the turn: a second (per `perSecond`) plus the limiter's own jitter allowance. */
function requestSpacingMs(perSecond: number, jitterAllowanceMs: number): number {
  return (1000 + jitterAllowanceMs) / perSecond
}

export function turnLengthMs(perSecond: number, jitterAllowanceMs: number): number {
  return TURN_REQUESTS * requestSpacingMs(perSecond, jitterAllowanceMs) + HANDOVER_GUARD_MS
}

/**
 * The latest a request may leave in its turn, `arrivalDelayMs` being how long it may take to reach the
 * vendor: it must have arrived a second (and the clocks' skew) before the next install's turn begins.
 * Never less than one request's spacing: a path so slow (round trips over ~8 s) that not even the turn's
 * first request could be sure to arrive in time still sends, as it would alone, rather than never.
 */
export function lastReleaseInTurnMs(perSecond: number, jitterAllowanceMs: number, arrivalDelayMs: number): number {
  const latest = turnLengthMs(perSecond, jitterAllowanceMs) - 1000 - CLOCK_SKEW_MS - Math.max(0, arrivalDelayMs)
  return Math.max(requestSpacingMs(perSecond, jitterAllowanceMs), latest)
}

/**
 * How long to wait before this install may release at `now`: 0 when now is within its own turn and early
 * enough in it for the request to reach the vendor before the next install's turn (above).
 */
export function waitForOwnTurn(now: number, share: OfficeSlot, perSecond: number, jitterAllowanceMs: number, arrivalDelayMs: number): number {
  if (share.notBefore !== undefined && share.notBefore > now) return Math.ceil(share.notBefore - now)
  const length = turnLengthMs(perSecond, jitterAllowanceMs)
  const index = Math.floor(now / length)
  const intoTurn = now - index * length
  if (ownTurn(index, share) && intoTurn <= lastReleaseInTurnMs(perSecond, jitterAllowanceMs, arrivalDelayMs)) return 0
  let next = index + 1
  while (!ownTurn(next, share)) next += 1
  return Math.max(1, Math.ceil(next * length - now))
}

function ownTurn(index: number, share: OfficeSlot): boolean {
  return ((index % share.of) + share.of) % share.of === share.slot
}
