/**
 * The IndexedDB floor's shapes (browser/idbFloor.ts), named in the page and in Node:
 * - `claimAndOutcome`: the claim and the outcome each rewrite the draft (its 16 indexes and its words):
 *   the least today's schema allows.
 * - `appWrites`: the same plus the attempt line and the sync-history line the app writes per draft.
 * - `smallClaim`: the claim as a small record of its own, deleted at the outcome, and only the outcome
 *   rewriting the draft: what a claims store of its own (a schema change; `counters` stands in for it)
 *   would cost at least. It flatters that design: the draft's status would not say it is on its way,
 *   and the status counts and the editor's "claimed" check would have to read the claims too.
 */
export const FLOOR_SHAPES = ['claimAndOutcome', 'appWrites', 'smallClaim'] as const
export type FloorShape = (typeof FLOOR_SHAPES)[number]
