import { z } from 'zod'
import { fieldIssueSchema } from './apiSchemas'
import { err, ok, type Result } from './result'

/**
 * Every failure that crosses a boundary (API client → queue, main → renderer) is a value with a code from
 * this closed set, never an Error whose text must be parsed. The queue decides what to do from the code.
 */
export const API_ERROR_CODES = [
  'network', // could not connect: the request certainly did not reach the server
  'unknown-outcome', // sent, no complete answer: it may or may not have been stored
  'unauthorized',
  'forbidden',
  'validation',
  'not-found',
  'conflict',
  'rate-limited',
  'unavailable',
  'server',
  'quota-exhausted', // our own daily counter stopped us before the vendor would block the file
  'signed-out', // no session, or the session ended (refresh refused)
  'bad-input', // an IPC call whose arguments did not parse
  'internal',
  'misconfigured', // the address answers, but not like the payroll API (501, 505): nothing was applied; the clerk must see it
  'certificate', // this computer does not trust the server's certificate: nothing was sent
  'proxy' // the proxy refused or could not reach the payroll service: nothing was sent
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

export const apiErrorSchema = z.object({
  code: z.enum(API_ERROR_CODES),
  message: z.string(),
  status: z.number().int().optional(),
  /** How long to wait before trying again, from Retry-After (seconds or HTTP-date). */
  retryAfterMs: z.number().nonnegative().optional(),
  /** Field-level messages from a validation failure, mapped onto the editor's fields. */
  fieldIssues: z.array(fieldIssueSchema).optional(),
  details: z.record(z.string(), z.unknown()).optional()
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** What crosses IPC and leaves the API client: the shared Result with an ApiError. */
export type ApiResult<T> = Result<T, ApiError>

export { ok }
export const fail = (error: ApiError): ApiResult<never> => err(error)

/** Schema of the envelope that carries a Result across IPC. */
export const resultSchema = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: apiErrorSchema })
  ])
