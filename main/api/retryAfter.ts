/**
 * Retry-After (RFC 9110 §10.2.3) is either a number of seconds or an HTTP-date. The live API sends
 * seconds; proxies in front of it may send a date. Returns how long to wait in milliseconds, or
 * undefined when the header is missing or unreadable (the caller then uses its own backoff).
 */
export function retryAfterMsFrom(header: string | undefined, nowMs: number): number | undefined {
  const value = header?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) {
    const seconds = Number(value)
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined
  }
  // Only accept something that looks like a date; Date.parse is lenient enough to read "5" as a year.
  if (!/[a-z]/i.test(value)) return undefined
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - nowMs)
}
