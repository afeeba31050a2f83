import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { calendarDateOf, type CalendarDate } from '../../../shared/calendarDate'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { createBalancesAsAtStore, type BalancesAsAt, type BalancesAsAtStore } from './balancesAsAt'

/** A day typed in the editor settles this long before payroll is asked about it. */
const SETTLE_MS = 600

const stores = new WeakMap<object, BalancesAsAtStore>()

/**
 * Payroll's balances as at `day` for the file, asked for when the clerk is signed in and payroll can be
 * reached; undefined while there is no day, or nothing could be asked yet (the editor then shows the
 * cached balance, as of when the employee list was fetched).
 */
export function useBalancesAsAt(fileId: number, day: CalendarDate | ''): BalancesAsAt | undefined {
  const { api } = useAppServices()
  const store = useMemo(() => {
    let found = stores.get(api)
    if (!found) stores.set(api, (found = createBalancesAsAtStore(api.listEmployees)))
    return found
  }, [api])
  const canAsk = useUiStore((s) => s.session?.state === 'signed-in' && s.connectivity?.state === 'reachable')
  useEffect(() => {
    if (!canAsk || calendarDateOf(day) !== day) return
    const timer = setTimeout(() => store.request(fileId, day), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [store, canAsk, fileId, day])
  return useSyncExternalStore(store.subscribe, () => (day === '' ? undefined : store.peek(fileId, day)))
}
