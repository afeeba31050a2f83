import type { DraftRecord } from '../db'

/**
 * How main knows this attempt of this draft: `${draftId}:${attemptNumber}`, for a POST or a PUT alike.
 * Each claim counts an attempt, so a key is never used twice; main sends a key at most once. After a
 * reload, the queue asks main about it (still out? answered?) instead of guessing.
 */
export function requestKeyOf(draft: Pick<DraftRecord, 'id' | 'attempts'>): string {
  return `${draft.id}:${draft.attempts}`
}

/** The draft and attempt a request key names; undefined for a key this queue did not make. */
export function parseRequestKey(key: string): { draftId: string; attempt: number } | undefined {
  const match = /^(.+):(\d+)$/.exec(key)
  return match ? { draftId: match[1] as string, attempt: Number(match[2]) } : undefined
}
