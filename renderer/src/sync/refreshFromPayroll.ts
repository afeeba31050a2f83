import type { ApiError } from '../../../shared/apiError'
import { err, type Result } from '../../../shared/result'
import type { DraftsRepository, EpochMs, Refusal, RefreshResult } from '../db'
import type { SyncApi } from './syncTypes'

/** Why "Refresh from payroll" changed nothing: payroll's answer, or the record's refusal. */
export type RefreshFailure = { kind: 'payroll'; error: ApiError } | { kind: 'record'; refusal: Refusal }

export const NOT_IN_PAYROLL = 'Leave Desk does not know this request’s payroll Id, so it cannot read it from payroll.'

export const GONE_FROM_PAYROLL = 'Payroll no longer has this request (it may have been deleted there).'

/**
 * "Refresh from payroll": reads the request by its Id and applies payroll's copy (repo.inPayroll's
 * applyRefresh: taken as is when nothing is pending, a conflict when a pending change's base moved on).
 * A read that fails changes nothing locally.
 */
export async function refreshFromPayroll(
  repo: DraftsRepository,
  api: Pick<SyncApi, 'getLeaveRequest'>,
  draftId: string,
  now: () => EpochMs = Date.now
): Promise<Result<RefreshResult, RefreshFailure>> {
  const draft = await repo.getDraft(draftId)
  if (!draft) return err({ kind: 'record', refusal: { reason: 'not-found', message: `There is no draft ${draftId}.` } })
  if (draft.serverId === undefined) return err({ kind: 'record', refusal: { reason: 'not-in-payroll', message: NOT_IN_PAYROLL } })
  const read = await api.getLeaveRequest(draft.fileId, draft.serverId)
  if (!read.ok) return err({ kind: 'payroll', error: read.error.code === 'not-found' ? { ...read.error, message: GONE_FROM_PAYROLL } : read.error })
  const applied = await repo.inPayroll.applyRefresh(draftId, read.value, now())
  return applied.ok ? applied : err({ kind: 'record', refusal: applied.error })
}
