import { expect } from 'vitest'
import type { DraftRecord } from '../../../renderer/src/db/records'
import type { LeaveRequestRecord } from '../../../shared/leaveRequestSchema'
import type { ApiResult } from '../../../shared/apiError'
import type { ChannelData } from '../../../shared/ipc'
import type { PayrollApi } from '../../../renderer/src/inPayroll/payrollActions'
import { employeesOf, FILE_1001, queueDemoDrafts, type DemoDraft } from './demoDrafts'
import type { MainStack } from './mainStack'
import { syncUntilSettled } from './queueChecks'
import type { SyncTestbed } from './syncTestbed'

/** Requests already in payroll, for the update tests: getting them there, and changing them there. */

export const UPDATE_ROUTE = 'PUT /Payroll/LeaveRequest/{id}'

/** `window.leaveDesk.getLeaveRequest` as the In payroll actions call it, through main's real dispatcher. */
export const payrollApi = (stack: MainStack): PayrollApi => ({
  getLeaveRequest: async (fileId, id) =>
    structuredClone((await stack.dispatch('getLeaveRequest', [fileId, id])) as ApiResult<ChannelData<'getLeaveRequest'>>)
})

export interface InPayroll extends DemoDraft {
  serverId: number
}

/** One request for each of `employees` employees (two each with `perEmployee`), synced through the queue. */
export async function syncedRequests(t: SyncTestbed, employees = 1, perEmployee = 1): Promise<InPayroll[]> {
  const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, employees), perEmployee)
  await syncUntilSettled(t.runner, t.repo, t.clock)
  const synced: InPayroll[] = []
  for (const draft of drafts) {
    const stored = await t.repo.getDraft(draft.id)
    expect(stored?.status, `draft ${draft.marker}`).toBe('synced')
    synced.push({ ...draft, serverId: stored?.serverId as number })
  }
  return synced
}

/** Payroll's record as it is now (read directly from the sandbox's store). */
export function heldInPayroll(t: SyncTestbed, request: InPayroll): LeaveRequestRecord {
  const record = t.stack.sandbox.store.leaveRequests(request.fileId).find((r) => r.Id === request.serverId)
  if (!record) throw new Error(`Payroll has no request ${request.serverId}.`)
  return record
}

/** How many times payroll has written the request (the insert is 1; each applied update adds 1). */
export function writesOf(t: SyncTestbed, request: InPayroll): number | null {
  return t.stack.sandbox.store.leaveRequestVersion(request.fileId, request.serverId)
}

/**
 * Someone else changes the request in payroll (another user, the vendor's web app): a read-modify-write
 * through main's own client, outside the app window and its logs.
 */
export async function changeBehindTheAppsBack(stack: MainStack, request: InPayroll, change: Partial<LeaveRequestRecord>): Promise<LeaveRequestRecord> {
  const read = await stack.services.getLeaveRequest(request.fileId, request.serverId)
  if (!read.ok) throw new Error(`Could not read ${request.serverId}: ${read.error.message}`)
  const { Id: _id, CreatedDateUtc: _created, TotalHours: _total, _links: _l, Notes, Items, ...rest } = { ...read.value, ...change }
  const body = { ...rest, ...(Notes ? { Notes } : {}), ...(Items ? { Items: Items.map(({ ProcessedInPayRunId: _p, ...item }) => item) } : {}) }
  const written = await stack.services.putLeaveRequest(request.fileId, request.serverId, body)
  if (!written.ok) throw new Error(`Could not change ${request.serverId}: ${written.error.message}`)
  const after = await stack.services.getLeaveRequest(request.fileId, request.serverId)
  if (!after.ok) throw new Error('Could not read the change back.')
  return after.value
}

/** The draft, which must exist. */
export async function draftOf(t: Pick<SyncTestbed, 'repo'>, id: string): Promise<DraftRecord> {
  const draft = await t.repo.getDraft(id)
  if (!draft) throw new Error(`No draft ${id}.`)
  return draft
}

/** Fails loudly when a step the test relies on was refused. */
export function mustSucceed<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(`Refused: ${result.error.message}`)
  return result.value
}
