import type { BackendInfo, LeaveDeskApi, Settings } from '../../../shared/ipc'
import { databaseForPayroll, databaseShelf, type DatabaseShelf } from './databaseForPayroll'
import { payrollKeyOf } from './payrollDatabase'

/** What the page opens: the welcome step (no payroll chosen yet), or the drafts of the payroll in use. */
export type PayrollToOpen =
  | { state: 'choose'; settings: Settings }
  | { state: 'payroll'; backend: BackendInfo; databaseName: string }

/** Thrown when main cannot say which payroll it talks to; the start-up screen offers "Try again". */
export class PayrollUnknownError extends Error {
  override name = 'PayrollUnknownError'
}

export async function payrollToOpen(api: LeaveDeskApi, shelf: DatabaseShelf = databaseShelf()): Promise<PayrollToOpen> {
  const [info, settings] = await Promise.all([api.getAppInfo(), api.getSettings()])
  if (!info.ok) throw new PayrollUnknownError(info.error.message)
  if (!settings.ok) throw new PayrollUnknownError(settings.error.message)
  // LEAVE_DESK_API_URL chose for the clerk (tests, managed installs): no welcome step.
  if (!settings.value.payrollChosen && info.value.addressFromEnvironment !== true) return { state: 'choose', settings: settings.value }
  const backend = info.value.backend
  const databaseName = await databaseForPayroll(payrollKeyOf(backend), settings.value.firstDatabaseAddress, shelf)
  return { state: 'payroll', backend, databaseName }
}
