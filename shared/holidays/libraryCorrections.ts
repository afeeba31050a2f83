import type { CalendarDate } from '../calendarDate'

/**
 * Days date-holidays (3.37) lists as public holidays that the official lists do not. Checked against
 * the state's own published list; remove an entry when the library is fixed (the holiday tests say so).
 *
 * New South Wales: the Public Holidays Act 2010 gives no substitute day when Anzac Day falls on a
 * weekend (it does for New Year's Day, Australia Day, Christmas and Boxing Day); the library adds one.
 */
export function isKnownLibraryMistake(regionCode: string, _date: CalendarDate, name: string): boolean {
  return regionCode === 'AU-NSW' && /^anzac day \(substitute day\)$/i.test(name)
}
