import type { DraftRecord } from '../db'

/**
 * How main knows this claim of this draft: `${draftId}:${attemptNumber}.${claimTag}`, for a POST or a PUT
 * alike. Main sends a key at most once, answering a repeat with the first outcome; the claim's tag keeps
 * a claim whose attempt a pause did not count from reusing the key of the one before. After a reload,
 * the queue asks main about it (still out? answered?) instead of guessing.
 */
export function requestKeyOf(draft: Pick<DraftRecord, 'id' | 'attempts' | 'claimTag'>): string {
  const key = `${draft.id}:${draft.attempts}`
  return draft.claimTag === undefined ? key : `${key}.${draft.claimTag}`
}

/** The draft and attempt a request key names; undefined for a key this queue did not make. */
export function parseRequestKey(key: string): { draftId: string; attempt: number } | undefined {
  const match = /^(.+):(\d+)(?:\.[0-9a-z]+)?$/.exec(key)
  return match ? { draftId: match[1] as string, attempt: Number(match[2]) } : undefined
}
