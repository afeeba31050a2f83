import { describe, expect, it } from 'vitest'
import type { LeaveRequestUpdate } from '../../shared/leaveRequestSchema'
import type { Autosaver } from '../../renderer/src/autosave/createAutosaver'
import type { DraftsRepository } from '../../renderer/src/db/draftsRepository'
import type { DraftContent } from '../../renderer/src/drafts/draftContent'
import { fullPaidDay } from '../../renderer/src/drafts/testSupport/sampleDraft'
import { useInPayrollStore } from '../../renderer/src/inPayroll/inPayrollStore'
import { createPayrollActions } from '../../renderer/src/inPayroll/payrollActions'
import { useUiStore } from '../../renderer/src/state/uiStore'
import type { MainStack } from './testSupport/mainStack'
import { payrollApi } from './testSupport/inPayroll'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * The In payroll actions (Refresh, Approve, Edit) as the clerk's keys run them: main's real IPC against
 * the sandbox, the app's repository on a fake IndexedDB.
 */

const startTestbed = syncTestbedClosedAfterEach()
const FILE_ID = 1001
const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
const UPDATES = 'PUT /Payroll/LeaveRequest/{id}'


/** A request the queue has put into payroll, open in the editor (as the clerk's list selection). */
async function syncedAndOpen(repo: DraftsRepository, syncNow: () => Promise<unknown>, content: Partial<DraftContent>) {
  const draft = await repo.createDraft(FILE_ID, {
    employeeId: 6001,
    leaveTypePayItemId: 101,
    startDate: '2026-09-07',
    endDate: '2026-09-08',
    leaveStatus: 'Pending',
    notes: 'in payroll actions',
    items: [fullPaidDay('2026-09-07'), fullPaidDay('2026-09-08')],
    ...content
  } as Partial<DraftContent>)
  const queued = await repo.queueDraft(draft.id)
  if (!queued.ok) throw new Error(queued.error.message)
  await syncNow()
  const synced = await repo.getDraft(draft.id)
  if (synced?.status !== 'synced' || synced.serverId === undefined) throw new Error(`The request did not reach payroll: ${synced?.status}`)
  useUiStore.getState().selectDraft(draft.id)
  useUiStore.getState().dismissToast()
  return { ...synced, serverId: synced.serverId }
}

async function changeInPayroll(stack: MainStack, id: number, patch: Partial<LeaveRequestUpdate>) {
  const read = await stack.services.getLeaveRequest(FILE_ID, id)
  if (!read.ok) throw new Error(read.error.message)
  const { EmployeeId, LeaveTypePayItemId, StartDate, EndDate, Status, Notes, Items, LastModifiedDateUtc } = read.value
  const items = (Items ?? []).map(({ Date, Hours, IsPaid }) => ({ Date, Hours, ...(IsPaid === undefined ? {} : { IsPaid }) }))
  const body = { EmployeeId, LeaveTypePayItemId, StartDate, EndDate, Status, Notes: Notes ?? '', Items: items, LastModifiedDateUtc, ...patch }
  const written = await stack.services.putLeaveRequest(FILE_ID, id, body)
  if (!written.ok) throw new Error(written.error.message)
}

describe('the In payroll actions', () => {
  it('Refresh takes what someone changed in payroll and says which fields, in the editor’s names', async () => {
    const { repo, runner, stack } = await startTestbed()
    const synced = await syncedAndOpen(repo, () => runner.syncNow(), {})
    await changeInPayroll(stack, synced.serverId, { Notes: 'Moved by the manager', Status: 'Approved' })
    const actions = createPayrollActions({ repo, api: payrollApi(stack), autosaver, now: () => 50_000 })

    await actions.refreshFromPayroll()

    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'synced', notes: 'Moved by the manager', leaveStatus: 'Approved' })
    expect(useInPayrollStore.getState().lastRefresh).toMatchObject({
      draftId: synced.id,
      at: 50_000,
      changes: [
        { field: 'leaveStatus', before: 'Pending', after: 'Approved' },
        { field: 'notes', before: 'in payroll actions', after: 'Moved by the manager' }
      ]
    })
    expect(useUiStore.getState().toast?.message).toBe('Read again from payroll: see what changed.')

    await actions.refreshFromPayroll()
    expect(useInPayrollStore.getState().lastRefresh).toMatchObject({ draftId: synced.id, since: 50_000, changes: [] })
    expect(useUiStore.getState().toast?.message).toBe('No changes in payroll.')
    expect(stack.sandbox.stats.count(UPDATES)).toBe(1)
  })

  it('Refresh while payroll cannot be reached says so in plain words and changes nothing', async () => {
    const { repo, runner, stack } = await startTestbed()
    const synced = await syncedAndOpen(repo, () => runner.syncNow(), {})
    await stack.sandbox.faults.down()
    const actions = createPayrollActions({ repo, api: payrollApi(stack), autosaver })

    await actions.refreshFromPayroll()

    expect(useUiStore.getState().toast).toMatchObject({ tone: 'error', message: expect.stringContaining('Payroll can’t be reached right now') })
    expect(await repo.getDraft(synced.id)).toEqual(synced)
  })

  it('Approve with no days opens the request as a change with the approval set, asks for the days, and sends nothing', async () => {
    const { repo, runner, stack } = await startTestbed()
    const synced = await syncedAndOpen(repo, () => runner.syncNow(), { items: [] })
    const actions = createPayrollActions({ repo, api: payrollApi(stack), autosaver })

    await actions.approve()

    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'draft', leaveStatus: 'Approved', items: [], serverId: synced.serverId })
    expect(useInPayrollStore.getState().approvalNeedsDays).toBe(synced.id)
    expect(useUiStore.getState().focusEditorFor).toBe(synced.id)
    expect(stack.sandbox.stats.count(UPDATES)).toBe(0)
  })

  it('Keep mine from the keyboard, with the conflict view never shown: the manager’s days are refitted to the clerk’s new dates, not trimmed', async () => {
    const { repo, runner, stack } = await startTestbed()
    // Monday 7 and Tuesday 8 September, pending.
    const synced = await syncedAndOpen(repo, () => runner.syncNow(), {})
    const started = await repo.inPayroll.startEdit(synced.id)
    if (!started.ok) throw new Error(started.error.message)
    const moved = await repo.updateDraft(synced.id, {
      startDate: '2026-09-08',
      endDate: '2026-09-09',
      items: [fullPaidDay('2026-09-08'), fullPaidDay('2026-09-09')]
    })
    if (!moved.ok) throw new Error(moved.error.message)
    // Meanwhile the manager approves it, with a half day on the Monday.
    await changeInPayroll(stack, synced.serverId, {
      Status: 'Approved',
      Items: [
        { Date: '2026-09-07T00:00:00', Hours: 3.8, IsPaid: true },
        { Date: '2026-09-08T00:00:00', Hours: 7.6, IsPaid: true }
      ]
    })
    const queued = await repo.queueDraft(synced.id)
    if (!queued.ok) throw new Error(queued.error.message)
    await runner.syncNow()
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'conflict' })
    // Both changed the days; the clerk keeps payroll's (the choice alone, as a key press gives it).
    useInPayrollStore.getState().answerConflict({ draftId: synced.id, answers: { choices: { items: 'payroll' } } })

    await createPayrollActions({ repo, api: payrollApi(stack), autosaver, now: () => 60_000 }).keepMine()

    // The approval survives; the dates are the clerk's; payroll's days refitted: Tuesday's line kept, Wednesday a working day.
    expect(await repo.getDraft(synced.id)).toMatchObject({
      status: 'queued',
      leaveStatus: 'Approved',
      startDate: '2026-09-08',
      endDate: '2026-09-09',
      items: [fullPaidDay('2026-09-08'), fullPaidDay('2026-09-09')]
    })
  })

  it('the letters do nothing to a draft payroll does not have', async () => {
    const { repo, stack } = await startTestbed({ started: false })
    const actions = createPayrollActions({ repo, api: payrollApi(stack), autosaver })

    const insert = await repo.createDraft(FILE_ID)
    useUiStore.getState().selectDraft(insert.id)
    await actions.approve()
    await actions.editInPayroll()
    expect(useUiStore.getState().toast?.message).toMatch(/^This request is not in payroll yet/)
    expect(await repo.getDraft(insert.id)).toEqual(insert)
  })
})
