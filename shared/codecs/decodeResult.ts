import { err, ok, type Result } from '../result'

/**
 * The outcome of reading untrusted text (a request or response body). Decoders return this instead of
 * throwing, so a bad body from a client or a server becomes a message, never a crash.
 */
export type DecodeResult<T = unknown> = Result<T, string>

export const decoded = <T>(value: T): DecodeResult<T> => ok(value)
export const notDecoded = (message: string): DecodeResult<never> => err(message)
