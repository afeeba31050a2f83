import type { ApiError, ApiErrorCode } from '../apiError'

/**
 * Answers that every other write of the batch would get too, so none should follow: payroll cannot be
 * reached, the clerk must sign in again or the day's quota is used up, and, for an insert, payroll
 * refuses the file itself (an update's 403/404 is about that one record). The page stops its batch on
 * them (renderer/src/sync/syncBatch.ts) and main withdraws the writes it still holds (writesInFlight.ts)
 * before the place the answer frees can go to the next one: one rule, so the two never disagree.
 */
const STOPS_EVERY_WRITE: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'network',
  'certificate',
  'proxy',
  'unauthorized',
  'signed-out',
  'quota-exhausted'
])

/** Refusals of an insert that name the file, not the request. */
export const REFUSES_EVERY_INSERT: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>(['forbidden', 'not-found'])

export function answerStopsTheBatch(error: Pick<ApiError, 'code'>, call: 'insert' | 'other'): boolean {
  return STOPS_EVERY_WRITE.has(error.code) || (call === 'insert' && REFUSES_EVERY_INSERT.has(error.code))
}
