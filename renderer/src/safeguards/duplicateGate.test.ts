import { describe, expect, it } from 'vitest'
import { createDraftActions } from '../actions/draftActions'
import { noPayrollReads } from '../inPayroll/testSupport/noPayrollReads'
import type { Autosaver } from '../autosave/createAutosaver'
import type { DraftsRepository } from '../db/draftsRepository'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { EMPLOYEES, FILE_ID, ANNUAL_LEAVE, openTestDb, testRepository, validContent } from '../db/testSupport/openTestDb'
import type { DraftContent } from '../drafts/draftContent'
import { useUiStore } from '../state/uiStore'
import { confirmAsMeant } from './duplicateGate'
import { useDuplicatePrompt } from './duplicatePromptStore'

const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>

async function setUp() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  useDuplicatePrompt.getState().close()
  return { repo, actions: createDraftActions({ repo, api: noPayrollReads, fileId: FILE_ID, autosaver, focusList: () => {} }) }
}

const ONE_DAY = { startDate: '2026-03-03', endDate: '2026-03-03', items: [{ date: '2026-03-03', hours: 7.6, isPaid: true }] }

describe('queueing a duplicate or an overlap', () => {
  it.each([
    ['an exact duplicate', {}, true, 'Aroha Ngata, Annual Leave 2 – 4 Mar 2026', 'Same as Annual Leave 2 – 4 Mar 2026, synced'],
    ['an overlap with the same employee’s leave', ONE_DAY, false, 'Aroha Ngata, Annual Leave 3 Mar 2026', 'Overlaps Annual Leave 2 – 4 Mar 2026, synced']
  ] as const)('%s asks first and leaves it a draft; "Queue anyway" queues it and is remembered', async (_kind, content, exact, title, words) => {
    const { repo, actions } = await setUp()
    const synced = await draftInStatus(repo, 'synced')
    const copy = await repo.createDraft(FILE_ID, validContent(content))
    useUiStore.getState().selectDraft(copy.id)

    await actions.queue()
    expect((await repo.getDraft(copy.id))?.status).toBe('draft')
    expect(useDuplicatePrompt.getState().prompt).toEqual({ kind: 'confirm', exact, draftId: copy.id, title, duplicates: [{ draftId: synced.id, words }] })

    useDuplicatePrompt.getState().close()
    await confirmAsMeant(repo, copy.id, 9)
    await actions.queue()
    expect((await repo.getDraft(copy.id))?.status).toBe('queued')
    expect(useDuplicatePrompt.getState().prompt).toBeNull()

    // taken back and queued again: not asked a second time
    await repo.unqueueDraft(copy.id)
    await actions.queue()
    expect((await repo.getDraft(copy.id))?.status).toBe('queued')
    expect(useDuplicatePrompt.getState().prompt).toBeNull()
  })
})

/** After Queue all ready: `heldId` stays a draft and is listed as `words`, `queuedId` went, and the toast says both. */
async function expectOneHeldBack(repo: DraftsRepository, heldId: string, queuedId: string, words: string) {
  expect((await repo.getDraft(heldId))?.status).toBe('draft')
  expect((await repo.getDraft(queuedId))?.status).toBe('queued')
  expect(useUiStore.getState().toast?.message).toBe('Queued 1 draft. Held back 1 possible duplicate or overlap.')
  expect(useDuplicatePrompt.getState().prompt).toEqual({ kind: 'held-back', held: [{ draftId: heldId, words }] })
}

describe('Queue all ready', () => {
  it('queues the others, holds back the duplicates and lists them', async () => {
    const { repo, actions } = await setUp()
    const queued = await draftInStatus(repo, 'queued')
    const dup = await repo.createDraft(FILE_ID, validContent())
    const other = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    await actions.queueAllValid()
    await expectOneHeldBack(repo, dup.id, other.id, 'Aroha Ngata, Annual Leave 2 – 4 Mar 2026: same as Annual Leave 2 – 4 Mar 2026, queued')
    expect(queued.status).toBe('queued')

    // Confirmed as meant: the next Queue all ready queues it without holding it back.
    await confirmAsMeant(repo, dup.id, 10)
    await actions.queueAllValid()
    expect((await repo.getDraft(dup.id))?.status).toBe('queued')
    expect(useUiStore.getState().toast?.message).toBe('Queued 1 draft.')
  })

  it('holds back a draft that overlaps the same employee’s leave, says so, and queues it once confirmed', async () => {
    const { repo, actions } = await setUp()
    await draftInStatus(repo, 'synced')
    const overlapping = await repo.createDraft(FILE_ID, validContent({ startDate: '2026-03-04', endDate: '2026-03-05', items: [{ date: '2026-03-04', hours: 7.6, isPaid: true }, { date: '2026-03-05', hours: 7.6, isPaid: true }] }))
    const apart = await repo.createDraft(FILE_ID, validContent({ startDate: '2026-03-09', endDate: '2026-03-09', items: [{ date: '2026-03-09', hours: 7.6, isPaid: true }] }))
    await actions.queueAllValid()
    await expectOneHeldBack(repo, overlapping.id, apart.id, 'Aroha Ngata, Annual Leave 4 – 5 Mar 2026: overlaps Annual Leave 2 – 4 Mar 2026, synced')
    await confirmAsMeant(repo, overlapping.id, 10)
    await actions.queueAllValid()
    expect((await repo.getDraft(overlapping.id))?.status).toBe('queued')
  })
})
