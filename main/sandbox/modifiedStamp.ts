/**
 * `LastModifiedDateUtc` (and `CreatedDateUtc`) as the vendor writes them: UTC without an offset, to the
 * 100 ns of .NET's DateTime, seven fraction digits (`2026-03-01T04:32:28.6873525`). A PUT must send back
 * the value it read; the sandbox compares instants at that precision (any offset form of the same instant
 * is the same value), and tells a value that lost digits (a client re-serialising it to milliseconds or
 * whole seconds) apart from a record changed since it was read (docs/sandbox.md).
 */

const STAMP_FORM = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})?$/

/** The vendor's form for the instant `ms`, with `tenthsOfMicro` (0–9999) the 100 ns steps below it. */
export function vendorStamp(ms: number, tenthsOfMicro: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}${String(tenthsOfMicro).padStart(4, '0')}`
}

/**
 * Digits below the millisecond for a stamp taken at `ms`: the sandbox's clock has milliseconds only, so
 * these are made up, but deterministic (the same ms always gives the same stamp).
 */
export function subMillisecondDigits(ms: number): number {
  return (ms * 7919) % 10_000
}

interface Instant {
  seconds: number
  /** Nanoseconds within the second. */
  nanos: number
  /** Fraction digits written. */
  digits: number
}

function instantOf(value: string): Instant | null {
  const match = STAMP_FORM.exec(value)
  if (!match) return null
  const [, wholeSeconds, fraction = '', offset = 'Z'] = match
  const ms = Date.parse(`${wholeSeconds}${offset}`)
  if (Number.isNaN(ms)) return null
  return { seconds: ms / 1000, nanos: Number(fraction.padEnd(9, '0')), digits: fraction.length }
}

export type StampComparison = 'same' | 'lost-digits' | 'different'

/** How `sent` (from a PUT) compares with the `stored` stamp. */
export function compareStamps(sent: string, stored: string): StampComparison {
  const a = instantOf(sent)
  const b = instantOf(stored)
  if (!a || !b || a.seconds !== b.seconds) return 'different'
  if (a.nanos === b.nanos) return 'same'
  if (a.digits >= b.digits) return 'different'
  const step = 10 ** (9 - a.digits)
  return Math.floor(b.nanos / step) * step === a.nanos ? 'lost-digits' : 'different'
}
