import type { WeekHours } from '../../../shared/workPattern'

/** Rows of the tables schema version 3 added for the clerk's safeguards. Times are epoch milliseconds. */

export interface WorkPatternRecord {
  fileId: number
  employeeId: number
  /** Hours on each weekday, Sunday first. */
  hours: WeekHours
  updatedAt: number
}

/** "Yes, I mean this one too": the draft is not asked about again while it duplicates the same thing. */
export interface ConfirmedDuplicateRecord {
  draftId: string
  /** Employee, leave type and dates when confirmed (duplicateKey); a change of any of them asks again. */
  key: string
  confirmedAt: number
}

export interface HolidayRegionRecord {
  fileId: number
  /** A region code such as AU-NSW or NZ-WGN (shared/holidays/holidayRegions.ts). */
  region: string
  chosenAt: number
}
