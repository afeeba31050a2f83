import { describe, expect, it } from 'vitest'
import { leaveDays } from '../../shared/leaveDays'
import { standardWeek } from '../../shared/workPattern'
import { FILE_1001 } from './testSupport/demoDrafts'
import { syncUntilSettled } from './testSupport/queueChecks'
import { changeBehindTheAppsBack, draftOf, heldInPayroll, mustSucceed, syncedRequests, writesOf } from './testSupport/inPayroll'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * Changes to requests already in payroll against the real sandbox: conflicts with a change made in
 * payroll meanwhile (both of the clerk's answers), the per-employee order with inserts, offline edits,
 * and approving, which needs the days.
 */
const startTestbed = syncTestbedClosedAfterEach()

async function changedInPayrollMeanwhile() {
  const t = await startTestbed({ concurrency: 1 })
  const [request] = await syncedRequests(t)
  if (!request) throw new Error('no request')
  mustSucceed(await t.repo.inPayroll.startEdit(request.id))
  mustSucceed(await t.repo.updateDraft(request.id, { notes: `My change, ref ${request.marker}` }))
  const theirs = await changeBehindTheAppsBack(t.stack, request, { Notes: 'Changed by the manager' })
  mustSucceed(await t.repo.queueDraft(request.id))
  await syncUntilSettled(t.runner, t.repo, t.clock)
  return { t, request, theirs }
}

describe('changed in payroll since the clerk read it', () => {
  it('the stale PUT becomes "Changed in payroll" with both versions kept; nothing is overwritten', async () => {
    const { t, request, theirs } = await changedInPayrollMeanwhile()
    const stored = await draftOf(t, request.id)
    expect(stored).toMatchObject({ status: 'conflict', notes: `My change, ref ${request.marker}`, lastError: { code: 'conflict' } })
    expect(stored.payrollChanged).toMatchObject({ lastModifiedDateUtc: theirs.LastModifiedDateUtc, content: { notes: 'Changed by the manager' } })
    expect(heldInPayroll(t, request).Notes).toBe('Changed by the manager')
    // The insert and the manager's change; the clerk's PUT was refused as stale.
    expect(writesOf(t, request)).toBe(2)
    expect(t.bridge.log.updateCalls.map((call) => `${call.method} ${call.outcome}`)).toEqual(['PUT conflict', 'GET ok'])
  })

  it('Keep mine: re-based on payroll’s version and sent again; payroll holds the clerk’s version', async () => {
    const { t, request } = await changedInPayrollMeanwhile()
    // Both changed the notes: Keep mine asks, and the clerk's answer decides.
    expect(await t.repo.inPayroll.keepMine(request.id)).toMatchObject({ ok: false, error: { reason: 'needs-choice', fields: ['notes'] } })
    mustSucceed(await t.repo.inPayroll.keepMine(request.id, { choices: { notes: 'mine' } }))
    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(await draftOf(t, request.id)).toMatchObject({ status: 'synced' })
    expect(heldInPayroll(t, request).Notes).toBe(`My change, ref ${request.marker}`)
    expect(writesOf(t, request)).toBe(3)
    expect((await t.repo.listAttempts(request.id)).map((attempt) => attempt.outcome)).toEqual(['ok', 'conflict', 'kept-mine', 'ok'])
  })

  it('Use payroll’s: the change is dropped, the record shows payroll’s version, and nothing is sent', async () => {
    const { t, request } = await changedInPayrollMeanwhile()
    const callsBefore = t.bridge.log.updateCalls.length
    mustSucceed(await t.repo.inPayroll.usePayroll(request.id))
    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(await draftOf(t, request.id)).toMatchObject({ status: 'synced', notes: 'Changed by the manager' })
    expect(t.bridge.log.updateCalls).toHaveLength(callsBefore)
    expect(writesOf(t, request)).toBe(2)
  })

  it('Refresh shows payroll’s change on a request with nothing pending, and says what changed', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [request] = await syncedRequests(t)
    if (!request) throw new Error('no request')
    const theirs = await changeBehindTheAppsBack(t.stack, request, { Status: 'Rejected' })
    const { draft, changes } = mustSucceed(await t.repo.inPayroll.applyRefresh(request.id, theirs))
    expect(changes).toEqual([{ field: 'leaveStatus', before: request.content.leaveStatus, after: 'Rejected' }])
    expect(draft).toMatchObject({ status: 'synced', leaveStatus: 'Rejected', lastModifiedDateUtc: theirs.LastModifiedDateUtc })
  })
})

describe('order, offline, and approving', () => {
  it('an insert queued before an edit of the same employee’s request is posted first', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [earlier] = await syncedRequests(t)
    if (!earlier) throw new Error('no request')
    // The same employee's next request, queued before the clerk rejects the earlier one.
    const insert = await t.repo.createDraft(FILE_1001.fileId, { ...earlier.content, startDate: '2026-09-07', endDate: '2026-09-07', notes: 'Later leave', items: [{ date: '2026-09-07', hours: 7.6, isPaid: true }] })
    mustSucceed(await t.repo.queueDraft(insert.id))
    mustSucceed(await t.repo.inPayroll.decide(earlier.id, 'Rejected'))

    await syncUntilSettled(t.runner, t.repo, t.clock)

    const posted = await draftOf(t, insert.id)
    const inserted = t.stack.sandbox.store.leaveRequests(FILE_1001.fileId).find((record) => record.Id === posted.serverId)
    const updated = heldInPayroll(t, earlier)
    expect(updated.Status).toBe('Rejected')
    expect(Date.parse(inserted?.CreatedDateUtc ?? '')).toBeLessThan(Date.parse(`${updated.LastModifiedDateUtc}`))
  })

  it('a change made while payroll is unreachable is sent once it is back', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [request] = await syncedRequests(t)
    if (!request) throw new Error('no request')
    await t.stack.sandbox.faults.down()
    await t.stack.connectivity.checkNow()
    mustSucceed(await t.repo.inPayroll.decide(request.id, 'Rejected'))
    expect(await t.runner.syncNow()).toMatchObject({ ran: false, paused: { reason: 'offline' } })
    expect(await draftOf(t, request.id)).toMatchObject({ status: 'queued' })

    await t.stack.sandbox.faults.up()
    await t.stack.connectivity.checkNow()
    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(await draftOf(t, request.id)).toMatchObject({ status: 'synced', leaveStatus: 'Rejected' })
    expect(heldInPayroll(t, request).Status).toBe('Rejected')
    expect(writesOf(t, request)).toBe(2)
  })

  it('approving a Pending request without days needs them first; with Fill weekdays it goes Approved with its days', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const pending = await t.repo.createDraft(FILE_1001.fileId, { employeeId: FILE_1001.employees[0], leaveTypePayItemId: FILE_1001.payItems[0], startDate: '2026-10-05', endDate: '2026-10-09', leaveStatus: 'Pending', notes: 'Holiday, to approve' })
    mustSucceed(await t.repo.queueDraft(pending.id))
    await syncUntilSettled(t.runner, t.repo, t.clock)
    const request = { serverId: (await draftOf(t, pending.id)).serverId as number, fileId: FILE_1001.fileId }

    expect(await t.repo.inPayroll.decide(pending.id, 'Approved')).toMatchObject({ ok: false, error: { reason: 'needs-days' } })
    expect(await draftOf(t, pending.id)).toMatchObject({ status: 'synced', leaveStatus: 'Pending' })

    mustSucceed(await t.repo.inPayroll.startEdit(pending.id))
    mustSucceed(await t.repo.updateDraft(pending.id, { items: leaveDays({ startDate: '2026-10-05', endDate: '2026-10-09', week: standardWeek(7.6), regionCode: undefined, unpaid: false }).lines }))
    mustSucceed(await t.repo.inPayroll.decide(pending.id, 'Approved'))
    await syncUntilSettled(t.runner, t.repo, t.clock)

    const held = t.stack.sandbox.store.leaveRequests(request.fileId).find((record) => record.Id === request.serverId)
    expect(held).toMatchObject({ Status: 'Approved', TotalHours: 38 })
    expect(held?.Items).toHaveLength(5)
    expect(await draftOf(t, pending.id)).toMatchObject({ status: 'synced', leaveStatus: 'Approved' })
  })
})

describe('a change payroll refuses', () => {
  it('changing a line already paid in a pay run: needs attention on that line, nothing applied', async () => {
    const t = await startTestbed({ concurrency: 1 })
    const [, approved] = await syncedRequests(t, 2)
    if (!approved) throw new Error('no request')
    expect(await t.stack.sandbox.store.markProcessed(approved.fileId, approved.serverId, 31)).toBe(true)
    mustSucceed(await t.repo.inPayroll.startEdit(approved.id))
    const [line] = (await draftOf(t, approved.id)).items
    mustSucceed(await t.repo.updateDraft(approved.id, { items: [{ ...line!, hours: 4 }] }))
    mustSucceed(await t.repo.queueDraft(approved.id))
    await syncUntilSettled(t.runner, t.repo, t.clock)

    expect(await draftOf(t, approved.id)).toMatchObject({
      status: 'needs-attention',
      lastError: { code: 'validation', fieldIssues: [{ field: 'items.0', message: expect.stringContaining('pay run 31') }] }
    })
    expect(writesOf(t, approved)).toBe(1)
  })
})
