import type { ApiError, ApiErrorCode } from '../../../shared/apiError'

/**
 * What the queue does with a failed send, decided from the error's closed code alone (never its text).
 * - retry: it did not get through for a reason that passes; back in the queue after a backoff.
 *   `stopsBatch` when the API cannot be reached at all: the rest of the batch would fail the same way.
 * - pause: nothing more can be sent until the clerk signs in again or the daily quota resets; the draft
 *   goes back to the queue without the attempt counting against it.
 * - needs-attention: payroll (or Leave Desk) refused this request; the clerk must change something.
 * - uncertain: it may have reached payroll; never re-sent without the clerk's say (no idempotency key).
 */
export type QueueDecision =
  | { kind: 'retry'; stopsBatch: boolean }
  | { kind: 'pause'; reason: 'signed-out' | 'quota' }
  | { kind: 'needs-attention' }
  | { kind: 'uncertain' }

const DECISIONS: Readonly<Record<ApiErrorCode, QueueDecision>> = {
  network: { kind: 'retry', stopsBatch: true },
  server: { kind: 'retry', stopsBatch: false },
  'rate-limited': { kind: 'retry', stopsBatch: false },
  unavailable: { kind: 'retry', stopsBatch: false },
  unauthorized: { kind: 'pause', reason: 'signed-out' },
  'signed-out': { kind: 'pause', reason: 'signed-out' },
  'quota-exhausted': { kind: 'pause', reason: 'quota' },
  validation: { kind: 'needs-attention' },
  forbidden: { kind: 'needs-attention' },
  'not-found': { kind: 'needs-attention' },
  conflict: { kind: 'needs-attention' },
  'bad-input': { kind: 'needs-attention' },
  internal: { kind: 'needs-attention' },
  'unknown-outcome': { kind: 'uncertain' },
  // Nothing was applied, but sending again will not help until the address or the network is fixed.
  misconfigured: { kind: 'needs-attention' },
  certificate: { kind: 'retry', stopsBatch: true },
  proxy: { kind: 'retry', stopsBatch: true }
}

export function classifyForQueue(error: ApiError): QueueDecision {
  return DECISIONS[error.code] ?? { kind: 'uncertain' }
}

/** Leave Desk's own failures carry text meant for logs; the clerk gets a plain sentence instead. */
export const INTERNAL_PROBLEM_MESSAGE =
  'Leave Desk had a problem sending this request, so it was not sent. Check it and queue it again; if it happens again, tell your IT support.'

/** The error as it is kept on the draft: for `internal`, the plain message above. */
export function errorForDraft(error: ApiError): ApiError {
  return error.code === 'internal' ? { ...error, message: INTERNAL_PROBLEM_MESSAGE } : error
}
