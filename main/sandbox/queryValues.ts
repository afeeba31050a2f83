import { calendarDateOf } from '../../shared/calendarDate'

/**
 * Typed reading of optional query values. Each returns the value, or an error message naming the
 * parameter as the client wrote it in the spec's spelling.
 */
export type QueryValue<T> = { ok: true; value: T } | { ok: false; field: string; message: string }

export function wholeNumberParam(
  raw: string | undefined,
  field: string,
  { fallback, min, max }: { fallback: number; min: number; max: number }
): QueryValue<number> {
  if (raw === undefined || raw === '') return { ok: true, value: fallback }
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    return { ok: false, field, message: `${field} must be a whole number from ${min} to ${max}.` }
  }
  return { ok: true, value: Number(raw) }
}

export function booleanParam(raw: string | undefined, field: string): QueryValue<boolean | undefined> {
  if (raw === undefined || raw === '') return { ok: true, value: undefined }
  // 1 and 0 as well: real clients (PHP's http_build_query) write booleans that way.
  const lower = raw.toLowerCase()
  if (lower === 'true' || lower === '1') return { ok: true, value: true }
  if (lower === 'false' || lower === '0') return { ok: true, value: false }
  return { ok: false, field, message: `${field} must be true or false (or 1 or 0).` }
}

/** A calendar date in a documented date form (`2026-03-02`, `2026-03-02T00:00:00`, …), as `YYYY-MM-DD`. */
export function calendarDateParam(raw: string | undefined, field: string): QueryValue<string | undefined> {
  if (raw === undefined || raw === '') return { ok: true, value: undefined }
  const date = calendarDateOf(raw)
  if (date === null) return { ok: false, field, message: `${field} must be a date, such as 2026-03-02.` }
  return { ok: true, value: date }
}
