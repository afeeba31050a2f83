import { describe, expect, it } from 'vitest'
import { compareStamps, subMillisecondDigits, vendorStamp } from './modifiedStamp'

describe('LastModifiedDateUtc in the vendor form', () => {
  it('is written with seven fraction digits and no offset', () => {
    const ms = Date.UTC(2026, 2, 1, 4, 32, 28, 687)
    expect(vendorStamp(ms, 3525)).toBe('2026-03-01T04:32:28.6873525')
    expect(vendorStamp(ms, subMillisecondDigits(ms))).toMatch(/^2026-03-01T04:32:28\.687\d{4}$/)
  })

  it('matches the same instant in any documented form, to the 100 ns', () => {
    const stored = '2026-03-01T04:32:28.6873525'
    expect(compareStamps(stored, stored)).toBe('same')
    expect(compareStamps('2026-03-01T04:32:28.6873525Z', stored)).toBe('same')
    expect(compareStamps('2026-03-01T14:32:28.687352500+10:00', stored)).toBe('same')
    expect(compareStamps('2026-03-01T04:32:28.6873526', stored)).toBe('different')
  })

  it('tells a value that lost digits (milliseconds, whole seconds) from another version', () => {
    const stored = '2026-03-01T04:32:28.6873525'
    expect(compareStamps('2026-03-01T04:32:28.687Z', stored)).toBe('lost-digits')
    expect(compareStamps('2026-03-01T04:32:28Z', stored)).toBe('lost-digits')
    expect(compareStamps('2026-03-01T04:32:28.688Z', stored)).toBe('different')
    expect(compareStamps('2026-03-01T04:32:27Z', stored)).toBe('different')
    expect(compareStamps('not a date', stored)).toBe('different')
  })
})
