import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { publicHolidayMap } from '../../../shared/holidays'
import { acceptedRange, standardWeek, type WeekHours } from '../../../shared/workPattern'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import { useThrottledLiveQuery } from '../db/throttledLiveQuery'
import type { DraftContent } from '../drafts/draftContent'
import { balanceDrawsOf } from './balanceDraws'
import { clashesOf, type DraftClash } from './draftClashes'
import { holidayRegionOf } from './holidayRegionStore'
import { workPatternOf } from './workPatterns'
import { estimatedPaidHours, type DayRules } from './dayRules'
import { useDayRules } from './useDayRules'
import { useColleagueBalanceDraws } from '../team/colleagueBalanceDraws'

export interface EditorSafeguards {
  /** The file's region, undefined until the clerk has chosen one (holidays are then not left out). */
  region: string | undefined
  /** Public holidays in the draft's dates, by date. */
  holidays: ReadonlyMap<string, string>
  week: WeekHours
  ownPattern: boolean
  clashes: readonly DraftClash[]
  draws: Awaited<ReturnType<typeof balanceDrawsOf>>
  /** The file's day rules (region, patterns, unpaid types), for estimates; undefined while loading. */
  rules: DayRules | undefined
}

const NO_HOLIDAYS: ReadonlyMap<string, string> = new Map()

/** What the editor needs beyond the draft itself, live from Dexie: region, pattern, clashes, balance draws. */
export function useEditorSafeguards(
  draft: DraftRecord,
  content: DraftContent,
  hoursPerDay: number,
  balanceAsOf: number | undefined,
  leaveTypesById: ReadonlyMap<number, { name: string }>
): EditorSafeguards {
  const { repo } = useAppServices()
  const db = repo.db
  const { fileId } = draft
  const { employeeId, leaveTypePayItemId, startDate, endDate, leaveStatus } = content
  const region = useLiveQuery(() => holidayRegionOf(db, fileId), [db, fileId])
  const pattern = useLiveQuery(
    async () => (employeeId === undefined ? null : workPatternOf(db, fileId, employeeId, hoursPerDay)),
    [db, fileId, employeeId, hoursPerDay]
  )
  // The same employee's other requests: Dexie wakes these on every change to any of them (a batch's
  // status changes too), so they re-read at most twice a second while those keep changing.
  const clashes = useThrottledLiveQuery(
    () => clashesOf(db, { ...draft, employeeId, leaveTypePayItemId, startDate, endDate, leaveStatus } as DraftRecord),
    [db, draft.id, draft.fileId, employeeId, leaveTypePayItemId, startDate, endDate, leaveStatus]
  )
  const rules = useDayRules(fileId, hoursPerDay, leaveTypesById)
  const draws = useThrottledLiveQuery(
    async () =>
      employeeId === undefined ? [] : balanceDrawsOf(db, fileId, employeeId, balanceAsOf, rules ? (other) => estimatedPaidHours(rules, other) : undefined),
    [db, fileId, employeeId, balanceAsOf, rules]
  )
  // Colleagues' requests from the team ledger draw on the same balance (none without a team server).
  const colleagueDraws = useColleagueBalanceDraws(employeeId)
  const allDraws = useMemo(() => (colleagueDraws.length === 0 ? (draws ?? []) : [...(draws ?? []), ...colleagueDraws]), [draws, colleagueDraws])
  const holidays = useMemo(() => {
    const range = acceptedRange(startDate, endDate)
    return region && range ? publicHolidayMap(region, range.start, range.end) : NO_HOLIDAYS
  }, [region, startDate, endDate])
  return {
    region: region ?? undefined,
    holidays,
    week: pattern?.hours ?? standardWeek(hoursPerDay),
    ownPattern: pattern?.own ?? false,
    clashes: clashes ?? [],
    draws: allDraws,
    rules
  }
}
