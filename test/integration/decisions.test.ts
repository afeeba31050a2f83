import { describe, expect, it } from 'vitest'
import type { Autosaver } from '../../renderer/src/autosave/createAutosaver'
import type { DraftsRepository } from '../../renderer/src/db/draftsRepository'
import type { DraftContent } from '../../renderer/src/drafts/draftContent'
import { createDecisionActions } from '../../renderer/src/inPayroll/decisionActions'
import { UNDO_GRACE_MS, useDecisionPrompt } from '../../renderer/src/inPayroll/decisionPrompt'
import { useLinkOffer } from '../../renderer/src/inPayroll/linkOffer'
import { useSelection } from '../../renderer/src/list/selectionStore'
import { useUiStore } from '../../renderer/src/state/uiStore'
import type { MainStack } from './testSupport/mainStack'
import type { SyncTestbed } from './testSupport/syncTestbed'
import { payrollApi } from './testSupport/inPayroll'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * The clerk's decisions that ask first, against main's real IPC and the sandbox, the runner on a
 * hand-moved clock (the fake timers): a Reject with a reason is held for its grace and Undo within it
 * sends nothing; ten ticked requests approved at once go as ten PUTs, each once, in the ticked order; a
 * request made in payroll itself is opened by its number and approved with its days.
 */

const startTestbed = syncTestbedClosedAfterEach()
const FILE_ID = 1001
const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
const UPDATES = 'PUT /Payroll/LeaveRequest/{id}'


/** Days of September 2026 by weekday index: request n takes the n-th working day. */
const WORKING_DAYS = ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18']

/** Requests put in payroll by the queue, Pending, with their day. */
async function inPayroll(bed: SyncTestbed, days: readonly string[], employeeId = 6001) {
  const ids: string[] = []
  for (const day of days) {
    const draft = await bed.repo.createDraft(FILE_ID, {
      employeeId,
      leaveTypePayItemId: 101,
      startDate: day,
      endDate: day,
      leaveStatus: 'Pending',
      notes: `leave on ${day}`,
      items: [{ date: day, hours: 7.6, isPaid: true }]
    } as Partial<DraftContent>)
    const queued = await bed.repo.queueDraft(draft.id)
    if (!queued.ok) throw new Error(queued.error.message)
    ids.push(draft.id)
  }
  await bed.runner.syncNow()
  return Promise.all(ids.map(async (id) => synced(bed.repo, id)))
}

async function synced(repo: DraftsRepository, id: string) {
  const draft = await repo.getDraft(id)
  if (draft?.status !== 'synced' || draft.serverId === undefined) throw new Error(`Not in payroll: ${draft?.status}`)
  return { ...draft, serverId: draft.serverId }
}

function payrollRecord(stack: MainStack, id: number) {
  const record = stack.sandbox.store.leaveRequests(FILE_ID).find((candidate) => candidate.Id === id)
  if (!record) throw new Error(`Payroll has no request #${id}.`)
  return record
}

/** The clock moves past the grace; the runner's wake timer fires and its run ends. */
async function afterTheGrace(bed: SyncTestbed) {
  bed.clock.advance(UNDO_GRACE_MS + 1)
  bed.clock.fireDue()
  await bed.runner.syncNow()
}

describe('decisions that ask first', () => {
  it('Reject asks first, keeps the reason in Notes, and is held for its grace: Undo within it sends nothing, ever', async () => {
    const bed = await startTestbed()
    const { repo, runner, stack } = bed
    const [request] = await inPayroll(bed, [WORKING_DAYS[0]!])
    const actions = createDecisionActions({ repo, api: payrollApi(stack), autosaver, fileId: FILE_ID })
    useUiStore.getState().selectDraft(request!.id)

    await actions.reject()
    expect(useDecisionPrompt.getState().prompt).toMatchObject({ leaveStatus: 'Rejected', ids: [request!.id], what: expect.stringContaining(`request #${request!.serverId}`) })
    expect(await repo.getDraft(request!.id)).toEqual(request)

    await actions.decideConfirmed([request!.id], 'Rejected', 'Not enough cover that week')
    await runner.syncNow()
    bed.clock.advance(UNDO_GRACE_MS - 1)
    bed.clock.fireDue()
    await runner.syncNow()
    expect(stack.sandbox.stats.count(UPDATES)).toBe(0)

    await useUiStore.getState().toast?.undo?.()
    expect(useUiStore.getState().toast?.message).toBe('Undone: nothing was sent to payroll.')
    await afterTheGrace(bed)
    expect(stack.sandbox.stats.count(UPDATES)).toBe(0)
    expect(payrollRecord(stack, request!.serverId)).toMatchObject({ Status: 'Pending', Notes: `leave on ${WORKING_DAYS[0]}` })
    expect(await repo.getDraft(request!.id)).toMatchObject({ status: 'synced', leaveStatus: 'Pending', notes: `leave on ${WORKING_DAYS[0]}` })
    expect((await repo.listAttempts(request!.id)).map((line) => line.message).slice(-2)).toEqual([
      'Rejected in Leave Desk: Not enough cover that week',
      'Undone before it was sent; nothing went to payroll.'
    ])

    // Without Undo it goes once the grace is over: payroll holds it Rejected with the reason in Notes.
    await actions.decideConfirmed([request!.id], 'Rejected', 'Not enough cover that week')
    await afterTheGrace(bed)
    expect(stack.sandbox.stats.count(UPDATES)).toBe(1)
    expect(payrollRecord(stack, request!.serverId)).toMatchObject({
      Status: 'Rejected',
      Notes: `leave on ${WORKING_DAYS[0]}\nRejected: Not enough cover that week`
    })
  })

  it('ten ticked requests approved at once: ten PUTs, each once, in the order they were ticked', async () => {
    const bed = await startTestbed()
    const { repo, stack } = bed
    const requests = await inPayroll(bed, WORKING_DAYS)
    const actions = createDecisionActions({ repo, api: payrollApi(stack), autosaver, fileId: FILE_ID })
    const ticked = [...requests].reverse()
    useSelection.getState().clear()
    for (const request of ticked) useSelection.getState().toggle(request.id)

    await actions.approveSelected()
    expect(useDecisionPrompt.getState().prompt).toMatchObject({ leaveStatus: 'Approved', what: '10 requests' })
    await actions.decideConfirmed(useDecisionPrompt.getState().prompt!.ids, 'Approved', '')
    expect(useSelection.getState().ticked).toEqual([])
    await afterTheGrace(bed)

    expect(stack.sandbox.stats.paths(UPDATES)).toEqual(ticked.map((request) => `/Payroll/LeaveRequest/${request.serverId}`))
    for (const request of requests) expect(payrollRecord(stack, request.serverId).Status).toBe('Approved')
  })

  it('ten ticked and decided on a busy machine share one grace: Undo at the last moment the toast offers it sends nothing', async () => {
    const bed = await startTestbed()
    const { repo, stack } = bed
    const requests = await inPayroll(bed, WORKING_DAYS)
    // Each decision takes 400 ms of the repository's clock: the tenth is written 3.6 s after the first.
    const busy = { ...repo, inPayroll: { ...repo.inPayroll, decide: (async (...args) => {
      bed.clock.advance(400)
      return repo.inPayroll.decide(...args)
    }) as typeof repo.inPayroll.decide } }
    const actions = createDecisionActions({ repo: busy, api: payrollApi(stack), autosaver, fileId: FILE_ID })

    await actions.decideConfirmed(requests.map((request) => request.id), 'Approved', '')
    const { undoUntil, undo } = useUiStore.getState().toast!
    expect(undoUntil! - bed.clock.now()).toBeLessThanOrEqual(UNDO_GRACE_MS)
    bed.clock.advance(undoUntil! - 1 - bed.clock.now())
    bed.clock.fireDue()
    await bed.runner.syncNow()
    expect(stack.sandbox.stats.count(UPDATES)).toBe(0)

    await undo!()
    expect(useUiStore.getState().toast?.message).toBe('Undone: none of the 10 requests was sent to payroll.')
    await afterTheGrace(bed)
    expect(stack.sandbox.stats.count(UPDATES)).toBe(0)
    for (const request of requests) expect(payrollRecord(stack, request.serverId).Status).toBe('Pending')
  })

  it('a number opened that is an Uncertain insert’s is offered as a link, not kept twice: linked, nothing is sent again', async () => {
    const bed = await startTestbed()
    const { repo, stack } = bed
    const lost = await repo.createDraft(FILE_ID, {
      employeeId: 6001,
      leaveTypePayItemId: 101,
      startDate: WORKING_DAYS[0],
      endDate: WORKING_DAYS[1],
      leaveStatus: 'Pending',
      notes: 'answer lost',
      items: [{ date: WORKING_DAYS[0]!, hours: 7.6, isPaid: true }, { date: WORKING_DAYS[1]!, hours: 7.6, isPaid: true }]
    } as Partial<DraftContent>)
    if (!(await repo.queueDraft(lost.id)).ok) throw new Error('Not queued.')
    stack.sandbox.faults.add({ kind: 'drop-after-commit', route: 'POST /Payroll/LeaveRequest', times: 1 })
    await bed.runner.syncNow()
    expect(await repo.getDraft(lost.id)).toMatchObject({ status: 'uncertain' })
    const [stored] = stack.sandbox.store.leaveRequests(FILE_ID)
    const actions = createDecisionActions({ repo, api: payrollApi(stack), autosaver, fileId: FILE_ID })
    useUiStore.getState().openFile(FILE_ID)

    await actions.openPayrollRequest(stored!.Id)
    const offer = useLinkOffer.getState().offer
    expect(offer).toMatchObject({ draftId: lost.id, record: { Id: stored!.Id } })
    const kept = async () => (await repo.db.drafts.toArray()).filter((draft) => draft.deletedAt === undefined).map((draft) => draft.serverId ?? 'not sent')
    expect(await kept()).toEqual(['not sent'])

    // "Link to my request": the same link Mark as sent makes; nothing is posted again.
    await actions.linkToUncertain(offer!)
    expect(await repo.getDraft(lost.id)).toMatchObject({ status: 'synced', serverId: stored!.Id })
    expect(useUiStore.getState()).toMatchObject({ selectedDraftId: lost.id, toast: { message: `Linked: your request is request #${stored!.Id} in payroll. Nothing was sent again.` } })
    await bed.runner.syncNow()
    expect(stack.sandbox.store.leaveRequests(FILE_ID)).toHaveLength(1)
    expect(stack.sandbox.stats.count('POST /Payroll/LeaveRequest')).toBe(1)

    // Opened again, the number is the linked request: no offer, no second record.
    useLinkOffer.getState().setOffer(null)
    await actions.openPayrollRequest(stored!.Id)
    expect(useLinkOffer.getState().offer).toBeNull()
    expect(await kept()).toEqual([stored!.Id])
  })

  it('a request made in payroll itself, opened by its number and approved with no days, reaches payroll Approved with the Fill path’s days', async () => {
    const bed = await startTestbed()
    const { repo, stack } = bed
    const made = await stack.services.insertLeaveRequest(FILE_ID, {
      EmployeeId: 6001,
      LeaveTypePayItemId: 101,
      StartDate: '2026-10-05',
      EndDate: '2026-10-07',
      Status: 'Pending',
      Notes: 'Typed into payroll by the manager'
    })
    if (!made.ok) throw new Error(made.error.message)
    const actions = createDecisionActions({ repo, api: payrollApi(stack), autosaver, fileId: FILE_ID })
    useUiStore.getState().openFile(FILE_ID)

    await actions.openPayrollRequest(made.value.Id)
    const openedId = useUiStore.getState().selectedDraftId!
    expect(await repo.getDraft(openedId)).toMatchObject({ status: 'synced', serverId: made.value.Id, leaveStatus: 'Pending', items: [] })

    await actions.decideConfirmed([openedId], 'Approved', '')
    await afterTheGrace(bed)
    const approved = payrollRecord(stack, made.value.Id)
    expect(approved.Status).toBe('Approved')
    expect((approved.Items ?? []).map((item) => [item.Date.slice(0, 10), item.Hours])).toEqual([
      ['2026-10-05', 7.6],
      ['2026-10-06', 7.6],
      ['2026-10-07', 7.6]
    ])

    await actions.openPayrollRequest(999_999)
    expect(useUiStore.getState().toast).toMatchObject({ tone: 'error', message: 'Payroll has no request #999999 in this business. Check the number.' })
  })
})
