/**
 * Turns among the installs of one office sending to one payroll file at once (issue 29): time is cut
 * into slots of one request each, the office's pace plus a guard, and install `slot` of `of` sends only
 * at the start of its own slots (slot index ≡ slot mod of). Every install counts slots from the same
 * origin (the Unix epoch by its clock), so no message between them is needed to take turns.
 *
 * The guard covers what separates two installs' requests on their way to the vendor: a timer that fires
 * late (a release is only made within RELEASE_WINDOW_MS of its slot's start; later, it waits for its next
 * slot) and the wobble of arrival, including clocks a few milliseconds apart (NTP keeps an office's
 * computers within ~10 ms; more skew than the guard can bring two requests into one second).
 */
export interface OfficeSlot {
  /** This install's turn, 0-based, among the installs sending now (sorted by install id). */
  slot: number
  /** How many installs are sending now. 1: alone, paced as without a team. */
  of: number
}

/** Added to each request's share of a second: late timers, arrival wobble, clock skew. */
export const SLOT_GUARD_MS = 30
/** A release later than this into its slot waits for its next slot: the guard must stay whole. */
export const RELEASE_WINDOW_MS = 10

export function slotLengthMs(perSecond: number): number {
  return (1000 + SLOT_GUARD_MS) / perSecond
}

/** How long to wait before this install may release at `now`: 0 when now is early enough in one of its slots. */
export function waitForOwnSlot(now: number, share: OfficeSlot, perSecond: number): number {
  const length = slotLengthMs(perSecond)
  const index = Math.floor(now / length)
  const intoSlot = now - index * length
  if (((index % share.of) + share.of) % share.of === share.slot && intoSlot <= RELEASE_WINDOW_MS) return 0
  // The next slot of ours, strictly after this one.
  let next = index + 1
  while (((next % share.of) + share.of) % share.of !== share.slot) next += 1
  return Math.max(1, Math.ceil(next * length - now))
}
