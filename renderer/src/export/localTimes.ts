import { format } from 'date-fns'

/**
 * Times in an export as the clerk's computer tells them, never UTC: a request sent at 9 am in Sydney
 * went on the 2nd, not (as UTC said) on the 1st. "2026-03-02 09:00": a spreadsheet reads it as a date
 * and time whatever its own language.
 */
export function localDateTime(at: number): string {
  return format(new Date(at), 'yyyy-MM-dd HH:mm')
}

/** The computer's calendar day of `at`: "2026-03-02". */
export function localDay(at: number): string {
  return format(new Date(at), 'yyyy-MM-dd')
}
