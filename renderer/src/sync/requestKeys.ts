import type { DraftRecord } from '../db'

/**
 * How main knows this attempt of this draft: `${draftId}:${attemptNumber}`, for a POST or a PUT alike,
 * followed by `.${tag}` when the claim recorded main's boot id (ClaimMark): a key main was asked to
 * renounce is refused for good, and a claim given back leaves the attempt number as it was, so the next
 * claim of that attempt needs a key of its own. After a reload, the queue asks main about it (still
 * out? answered? never received?) instead of guessing.
 */
export function requestKeyOf(draft: Pick<DraftRecord, 'id' | 'attempts' | 'claimedUnder'>): string {
  const key = `${draft.id}:${draft.attempts}`
  return draft.claimedUnder ? `${key}.${draft.claimedUnder.tag}` : key
}

/** The draft and attempt a request key names; undefined for a key this queue did not make. */
export function parseRequestKey(key: string): { draftId: string; attempt: number } | undefined {
  const match = /^(.+):(\d+)(?:\.[0-9a-z]+)?$/.exec(key)
  return match ? { draftId: match[1] as string, attempt: Number(match[2]) } : undefined
}
