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
  const lower = raw.toLowerCase()
  if (lower === 'true') return { ok: true, value: true }
  if (lower === 'false') return { ok: true, value: false }
  return { ok: false, field, message: `${field} must be true or false.` }
}
