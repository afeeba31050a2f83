import { describe, expect, it } from 'vitest'
import { defaultDateFormatFor, detectDateFormat, readDate } from './dateFormat'

describe('the date order of a file', () => {
  it('is settled by a day above 12 in either place, or by year-first dates', () => {
    expect(detectDateFormat(['03/04/2026', '13/04/2026'], 'mdy')).toEqual({ format: 'dmy', certain: true })
    expect(detectDateFormat(['03/04/2026', '04/13/2026'], 'dmy')).toEqual({ format: 'mdy', certain: true })
    expect(detectDateFormat(['2026-04-03', '2026-04-13'], 'mdy')).toEqual({ format: 'ymd', certain: true })
  })

  it('falls back to the locale when every date reads both ways, and says so', () => {
    expect(detectDateFormat(['03/04/2026', '05/06/2026'], 'dmy')).toEqual({ format: 'dmy', certain: false })
    expect(detectDateFormat(['03/04/2026'], defaultDateFormatFor('en-US'))).toEqual({ format: 'mdy', certain: false })
    expect(defaultDateFormatFor('en-AU')).toBe('dmy')
    expect(defaultDateFormatFor('en-NZ')).toBe('dmy')
  })

  it('keeps the locale when the file contradicts itself, so the rows that do not read show as problems', () => {
    expect(detectDateFormat(['13/04/2026', '04/13/2026'], 'dmy')).toEqual({ format: 'dmy', certain: false })
  })
})

describe('reading one date', () => {
  it('reads the separators and short years spreadsheets write, and refuses dates that do not exist', () => {
    expect(readDate('3/4/2026', 'dmy')).toBe('2026-04-03')
    expect(readDate('3.4.26', 'dmy')).toBe('2026-04-03')
    expect(readDate('3-4-2026', 'mdy')).toBe('2026-03-04')
    expect(readDate('2026-04-03', 'mdy')).toBe('2026-04-03')
    expect(readDate('2026-04-03T00:00:00+10:00', 'dmy')).toBe('2026-04-03')
    expect(readDate('29/02/2026', 'dmy')).toBeNull()
    expect(readDate('29/02/2028', 'dmy')).toBe('2028-02-29')
    expect(readDate('next Tuesday', 'dmy')).toBeNull()
    expect(readDate('3/4/926', 'dmy')).toBeNull()
  })
})
