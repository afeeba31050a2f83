import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { CachedEmployee, CachedLeaveType } from '../db'

export interface ReferenceData {
  /** Everyone, leavers included (old drafts still need their names); by name. */
  employees: readonly CachedEmployee[]
  employeesById: ReadonlyMap<number, CachedEmployee>
  leaveTypes: readonly CachedLeaveType[]
  leaveTypesById: ReadonlyMap<number, CachedLeaveType>
  /** When the older of the two lists was fetched; undefined if never. */
  asOf: number | undefined
  loaded: boolean
}

const NONE: readonly never[] = []

/** The file's cached employees and leave types, live from Dexie. */
export function useReferenceData(fileId: number): ReferenceData {
  const { repo } = useAppServices()
  const employees = useLiveQuery(() => repo.listEmployees(fileId, { includeInactive: true }), [fileId])
  const leaveTypes = useLiveQuery(() => repo.listLeaveTypes(fileId), [fileId])
  const asOf = useLiveQuery(async () => {
    const times = await Promise.all([repo.referenceAsOf(fileId, 'employees'), repo.referenceAsOf(fileId, 'leaveTypes')])
    return times.every((time) => time !== undefined) ? Math.min(...(times as number[])) : null
  }, [fileId])
  return useMemo(
    () => ({
      employees: employees ?? NONE,
      employeesById: new Map((employees ?? NONE).map((employee) => [employee.id, employee])),
      leaveTypes: leaveTypes ?? NONE,
      leaveTypesById: new Map((leaveTypes ?? NONE).map((type) => [type.id, type])),
      asOf: asOf ?? undefined,
      loaded: employees !== undefined && leaveTypes !== undefined && asOf !== undefined
    }),
    [employees, leaveTypes, asOf]
  )
}
