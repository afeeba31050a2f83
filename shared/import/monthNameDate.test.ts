import { describe, expect, it } from 'vitest'
import { detectDateFormat, readDate } from './dateFormat'
import { readMonthNameDate } from './monthNameDate'

describe('dates written with the month’s name', () => {
  it('reads the shapes payroll exports and spreadsheets display, day or month first', () => {
    for (const text of ['3-Mar-2026', '03-Mar-26', '3 Mar 2026', '3 March 2026', '3rd March 2026', 'Tue 3 Mar 2026', 'Tuesday, 3 March 2026', 'Mar 3, 2026', 'March 3rd 2026', 'Tue, Mar 3, 2026', ' 3/mar/2026 ', '3 MAR. 2026']) {
      expect(readMonthNameDate(text), text).toBe('2026-03-03')
    }
    expect(readMonthNameDate('30 Sept 2026')).toBe('2026-09-30')
  })

  it('refuses days that do not exist and words that are not months', () => {
    expect(readMonthNameDate('31 Feb 2026')).toBeNull()
    expect(readMonthNameDate('29 Feb 2028')).toBe('2028-02-29')
    expect(readMonthNameDate('3 Marzo 2026')).toBeNull()
    expect(readMonthNameDate('3 Mar')).toBeNull()
    expect(readMonthNameDate('next Tuesday')).toBeNull()
  })

  it('reads the same whichever date order the file uses, and does not sway that order', () => {
    expect(readDate('12-Mar-2026', 'mdy')).toBe('2026-03-12')
    expect(readDate('12-Mar-2026', 'dmy')).toBe('2026-03-12')
    expect(detectDateFormat(['3 Mar 2026', '4 Mar 2026'], 'mdy')).toEqual({ format: 'mdy', certain: true })
    expect(detectDateFormat(['3 Mar 2026', '13/04/2026'], 'mdy')).toEqual({ format: 'dmy', certain: true })
  })
})
