/**
 * Turns among the installs of one office sending to one payroll file at once (issue 29). Time is cut
 * into turns of TURN_REQUESTS requests each, counted from the Unix epoch by each computer's clock, and
 * install `slot` of `of` sends only in its own turns (turn index ≡ slot mod of), so no message between
 * installs is needed to take turns. Within its turn an install paces itself as when alone (the limiter's
 * own interval and arrival checks); between two installs' turns lies HANDOVER_GUARD_MS.
 *
 * The guard is what separates the last request of one install from the first of the next on their way
 * to the vendor: a release later than LAST_RELEASE_WINDOW_MS after the turn's last request was due waits
 * for the next turn, so the two are at least 1 s + guard − window apart when released; the rest covers
 * different paths' latency and clocks a little apart (NTP keeps an office within ~10 ms). Paying the
 * guard once a turn rather than once a request keeps the office's pace near the limit (8 requests in
 * 8 × 1.005 s + 0.15 s: 97.7 %).
 */
export interface OfficeSlot {
  /** This install's turn, 0-based, among the installs sending now (sorted by install id). */
  slot: number
  /** How many installs are sending now. 1: alone, paced as without a team. */
  of: number
}

/** Requests in one install's turn. */
export const TURN_REQUESTS = 8
/** Between one install's turn and the next: late timers, latency wobble, clock skew. */
export const HANDOVER_GUARD_MS = 150
/** How late the turn's last request may still be released; later waits for the next turn. */
export const LAST_RELEASE_WINDOW_MS = 60

/** One request's share of the turn: a second (per `perSecond`) plus the limiter's own jitter allowance. */
function requestSpacingMs(perSecond: number, jitterAllowanceMs: number): number {
  return (1000 + jitterAllowanceMs) / perSecond
}

export function turnLengthMs(perSecond: number, jitterAllowanceMs: number): number {
  return TURN_REQUESTS * requestSpacingMs(perSecond, jitterAllowanceMs) + HANDOVER_GUARD_MS
}

/** How long to wait before this install may release at `now`: 0 when now is within its own turn and early enough. */
export function waitForOwnTurn(now: number, share: OfficeSlot, perSecond: number, jitterAllowanceMs: number): number {
  const length = turnLengthMs(perSecond, jitterAllowanceMs)
  const index = Math.floor(now / length)
  const intoTurn = now - index * length
  const lastReleaseBy = (TURN_REQUESTS - 1) * requestSpacingMs(perSecond, jitterAllowanceMs) + LAST_RELEASE_WINDOW_MS
  if (ownTurn(index, share) && intoTurn <= lastReleaseBy) return 0
  let next = index + 1
  while (!ownTurn(next, share)) next += 1
  return Math.max(1, Math.ceil(next * length - now))
}

function ownTurn(index: number, share: OfficeSlot): boolean {
  return ((index % share.of) + share.of) % share.of === share.slot
}
