/**
 * The IndexedDB floor's shapes (browser/idbFloor.ts), named in the page and in Node:
 * - `claimAndOutcome`: the claim and the outcome each rewrite the draft (its 16 indexes and its words):
 *   the least today's schema allows.
 * - `appWrites`: the same plus the attempt line and the sync-history line the app writes per draft.
 * - `smallClaim`: the claim as a small record of its own (in the `counters` store, standing in for a
 *   claims store) and only the outcome rewriting the draft: the least a schema change would allow.
 */
export const FLOOR_SHAPES = ['claimAndOutcome', 'appWrites', 'smallClaim'] as const
export type FloorShape = (typeof FLOOR_SHAPES)[number]
