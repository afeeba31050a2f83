import type { ApiErrorCode } from '../../shared/apiError'

/**
 * What happened to one HTTP attempt of the client, reported through `onOutcome` (connectivity, logs).
 * It carries no URL, header or body, so nothing secret can leak through it.
 */
export interface ApiOutcome {
  operation: string
  /** null for an account-level call (the file list). */
  fileId: number | null
  /** The HTTP status when the server answered. */
  status?: number
  code: 'ok' | ApiErrorCode
}
