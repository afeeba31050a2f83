import type { LeaveDeskApi } from '../../../shared/ipc'
import type { DraftsRepository } from '../db'

/** The outcome of one refresh, in words for the status line. */
export type RefreshOutcome = { ok: true } | { ok: false; message: string }

export type ReferenceApi = Pick<LeaveDeskApi, 'listEntitlements' | 'listEmployees'>
export type ReferenceCache = Pick<DraftsRepository, 'replaceLeaveTypes' | 'replaceEmployees'>

/**
 * Fetches the file's leave types and employees (with balances) and swaps each cached list for the new
 * one. A list that could not be fetched keeps its old copy and its old "as of" time: offline drafting
 * goes on with what was there.
 */
export async function refreshReferenceData(
  api: ReferenceApi,
  cache: ReferenceCache,
  fileId: number,
  now: () => number = Date.now
): Promise<RefreshOutcome> {
  const [leaveTypes, employees] = await Promise.all([api.listEntitlements(fileId), api.listEmployees(fileId)])
  const at = now()
  if (leaveTypes.ok) await cache.replaceLeaveTypes(fileId, leaveTypes.value, at)
  if (employees.ok) await cache.replaceEmployees(fileId, employees.value, at)
  const failed = !leaveTypes.ok ? leaveTypes : !employees.ok ? employees : null
  return failed ? { ok: false, message: failed.error.message } : { ok: true }
}
