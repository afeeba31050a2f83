/**
 * The one shape for an operation that can fail as an ordinary outcome (a refusal, a bad body, a broken
 * rule, a failed request): callers branch on `ok`, never on thrown text. Each boundary picks its error
 * type — `ApiError` across IPC, `Refusal` in the draft store, `FieldIssue[]` for the rules, a message for
 * the decoders — but the envelope is the same everywhere.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E }

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error })
