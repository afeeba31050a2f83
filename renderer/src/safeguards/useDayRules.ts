import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import type { WeekHours } from '../../../shared/workPattern'
import { useAppServices } from '../app/AppServicesContext'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DayRules } from './dayRules'
import { holidayRegionOf } from './holidayRegionStore'

/** The file's region and every kept work pattern, read together. */
export async function loadDayRuleData(db: LeaveDeskDb, fileId: number): Promise<{ regionCode: string | undefined; patterns: Map<number, WeekHours> }> {
  const [regionCode, kept] = await Promise.all([
    holidayRegionOf(db, fileId),
    db.workPatterns.where('[fileId+employeeId]').between([fileId, -Infinity], [fileId, Infinity]).toArray()
  ])
  return { regionCode, patterns: new Map(kept.map((row) => [row.employeeId, row.hours])) }
}

/** The file's day rules, live from Dexie (a region chosen or a pattern saved shows at once); undefined while loading. */
export function useDayRules(fileId: number, hoursPerDay: number, leaveTypesById: ReadonlyMap<number, { name: string }>): DayRules | undefined {
  const { repo } = useAppServices()
  const data = useLiveQuery(() => loadDayRuleData(repo.db, fileId), [repo.db, fileId])
  return useMemo(
    () => (data ? { regionCode: data.regionCode, patterns: data.patterns, hoursPerDay, leaveTypeName: (id: number) => leaveTypesById.get(id)?.name } : undefined),
    [data, hoursPerDay, leaveTypesById]
  )
}
