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
 * 429. Paying the guard once a turn keeps the office's pace near the limit (TURN_REQUESTS below).
 */
export interface OfficeSlot {
  /** This install's turn, 0-based, among the installs sending now (sorted by install id). */
  slot: number
  /** How many installs are sending now. 1: alone, paced as without a team. */
  of: number
  /** Not a request before this moment: colleagues have not all heard yet that this install sends. */
  notBefore?: number
  /**
   * Takers that have nothing left to send (their slot, and since when: their last request was answered
   * by then). Each one's turns go to its heir, the first taker after it that still sends, until it leaves
   * the turns or comes back (officeSlotAt).
   */
  lending?: Array<{ slot: number; since: number }>
}

/** While this install has not announced itself, how often to look again (the page announces it at its next heartbeat). */
export const UNANNOUNCED_RECHECK_MS = 250

/**
 * This install's turn at `now` among the page's turn takers (shared/ipc/officeShare.ts). Each taker
 * counts in the turns that begin between its `from` and its `until`, moments every install computes alike
 * from the same spend documents: when one joins or leaves, all installs change their turns at the same
 * turn's start rather than each at its own heartbeat (or mid-turn). Null: nobody else takes this turn or
 * the next, so no hand-over to keep clear of.
 *
 * A taker that says it has nothing left to send (`lendsSince`) stays in the turns a while (its `until`),
 * and lends them: its heir may use them. Lending needs no agreement among the others: a turn is only
 * ever its owner's or its one heir's, the owner sends nothing until it comes back, and it comes back only
 * a settling time after saying so, when its heir has heard. An heir that has not heard yet of a lending
 * simply leaves the turn unused, as before.
 */
export function officeSlotAt(turnTakers: readonly OfficeTurnTaker[], now: number, turnLength: number): OfficeSlot | null {
  const me = turnTakers.find((taker) => taker.me)
  if (!me) return null
  if (me.from === null) return { slot: 0, of: 1, notBefore: now + UNANNOUNCED_RECHECK_MS }
  const turnStart = Math.floor(now / turnLength) * turnLength
  const takersAt = (at: number) => turnTakers.filter((taker) => taker.me || (taker.from !== null && taker.from <= at && (taker.until === null || at < taker.until)))
  const alone = takersAt(turnStart).length <= 1 && takersAt(turnStart + turnLength).length <= 1
  if (me.from > turnStart) {
    // Nobody else takes this turn or the next: no one's turns change when this install joins, so it
    // need not wait for a turn to begin (a turn is 20 s long), only for colleagues to have heard.
    if (alone) return me.from > now ? { slot: 0, of: 1, notBefore: me.from } : null
    return { slot: 0, of: 1, notBefore: Math.max(now + 1, Math.ceil(me.from / turnLength) * turnLength) }
  }
  const active = takersAt(turnStart)
  if (alone) return null
  const lending = active.flatMap((taker, slot) => (!taker.me && taker.lendsSince !== undefined && taker.lendsSince <= now ? [{ slot, since: taker.lendsSince }] : []))
  return { slot: active.indexOf(me), of: active.length, ...(lending.length > 0 ? { lending } : {}) }
}

/**
 * Requests in one install's turn. Every hand-over between two installs costs the room below once, so a
 * longer turn keeps the office nearer the limit (20 requests in 20 × 1.005 s + 0.5 s: 97.1 %); an install
 * that waits for its turn meanwhile waits longer (up to a turn per colleague sending), and a colleague
 * with nothing left to send lends its turns rather than leave them unused.
 */
export const TURN_REQUESTS = 20
/** Two computers' clocks a little apart (NTP keeps an office within ~10 ms). */
export const CLOCK_SKEW_MS = 50
/**
 * How long a turn's last request may take to reach payroll, on top of the clocks' skew: a round trip to
 * the vendor from Australia or New Zealand is ~50–300 ms, and timers run a little late on a busy
 * computer. A slower path costs the turn's last request (it waits for the next turn), never a 429.
 */
export const LAST_ARRIVAL_ROOM_MS = 450
/** Room at a turn's end, on top of a second: the clocks' skew and the last request's way to payroll. */
export const HANDOVER_GUARD_MS = CLOCK_SKEW_MS + LAST_ARRIVAL_ROOM_MS

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
 * How long to wait before this install may release at `now`: 0 when now is within a turn it may use (its
 * own, or one lent to it) and early enough in it for the request to reach the vendor before the next
 * turn begins (above).
 */
export function waitForOwnTurn(now: number, share: OfficeSlot, perSecond: number, jitterAllowanceMs: number, arrivalDelayMs: number): number {
  if (share.notBefore !== undefined && share.notBefore > now) return Math.ceil(share.notBefore - now)
  const length = turnLengthMs(perSecond, jitterAllowanceMs)
  const latest = lastReleaseInTurnMs(perSecond, jitterAllowanceMs, arrivalDelayMs)
  const index = Math.floor(now / length)
  // Within `of` turns one is this install's own: the search ends there at the latest.
  for (let turn = index; turn <= index + share.of; turn += 1) {
    const from = usableFrom(turn, share, length)
    if (from === null || from - turn * length > latest || now - turn * length > latest) continue
    return Math.max(0, Math.ceil(from - now))
  }
  return Math.max(1, Math.ceil((index + 1) * length - now))
}

/**
 * When this install may begin releasing in turn `index`: its start for one of its own turns; for one lent
 * to it, a second (and the clocks' skew) after the lender's last request was answered, which it reached
 * payroll before; null for a turn that is neither.
 */
function usableFrom(index: number, share: OfficeSlot, length: number): number | null {
  const owner = ((index % share.of) + share.of) % share.of
  if (owner === share.slot) return index * length
  const lender = share.lending?.find((lending) => lending.slot === owner)
  if (!lender || heirOf(owner, share) !== share.slot) return null
  return Math.max(index * length, lender.since + 1000 + CLOCK_SKEW_MS)
}

/** The first taker after `owner` (in turn order) that is not lending its turns itself. */
function heirOf(owner: number, share: OfficeSlot): number | null {
  for (let step = 1; step < share.of; step += 1) {
    const candidate = (owner + step) % share.of
    if (!share.lending?.some((lending) => lending.slot === candidate)) return candidate
  }
  return null
}
