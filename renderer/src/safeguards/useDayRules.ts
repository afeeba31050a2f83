import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import type { DayRules } from './dayRules'
import { loadDayRuleData } from './fileDayRules'

/** The file's day rules, live from Dexie (a region chosen or a pattern saved shows at once); undefined while loading. */
export function useDayRules(fileId: number, hoursPerDay: number, leaveTypesById: ReadonlyMap<number, { name: string }>): DayRules | undefined {
  const { repo } = useAppServices()
  const data = useLiveQuery(() => loadDayRuleData(repo.db, fileId), [repo.db, fileId])
  return useMemo(
    () => (data ? { regionCode: data.regionCode, patterns: data.patterns, hoursPerDay, leaveTypeName: (id: number) => leaveTypesById.get(id)?.name } : undefined),
    [data, hoursPerDay, leaveTypesById]
  )
}

/** useDayRules with the hours in a day the clerk set in Settings (7.6 until the settings have been read). */
export function useDayRulesOfSettings(fileId: number, leaveTypesById: ReadonlyMap<number, { name: string }>): DayRules | undefined {
  const hoursPerDay = useUiStore((s) => s.settings?.defaultHoursPerDay ?? 7.6)
  return useDayRules(fileId, hoursPerDay, leaveTypesById)
}
