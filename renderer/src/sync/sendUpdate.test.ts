import { describe, expect, it } from 'vitest'
import type { DraftsRepository } from '../db'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { payrollRecordOf } from '../db/testSupport/payrollRecord'
import { parseRequestKey } from './requestKeys'
import { sendOneDraft, type SendDeps } from './sendOneDraft'
import { NO_LONGER_IN_PAYROLL } from './sendUpdate'
import { failed, fakeSyncApi } from './testSupport/fakeSyncApi'

/**
 * The update path's answers that the sandbox cannot be made to give on cue: payroll no longer has the
 * request, and the read-back itself failing. Everything else runs against the real sandbox
 * (test/integration/syncUpdate*.test.ts).
 */
/** A request in payroll whose rejection is queued as a change, with deps to send it through a fake API. */
async function queuedRejection(repoFor: (repo: DraftsRepository) => DraftsRepository = (repo) => repo) {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  const synced = await draftInStatus(repo, 'synced')
  const queued = await repo.inPayroll.decide(synced.id, 'Rejected')
  if (!queued.ok) throw new Error(queued.error.message)
  const api = fakeSyncApi()
  const deps: SendDeps = { repo: repoFor(repo), api, now: () => Date.UTC(2026, 2, 3), random: () => 0, offsetMinutesOf: () => 600, sleep: async () => {} }
  return { repo, api, deps, synced }
}

async function lostPut() {
  const { repo, api, deps, synced } = await queuedRejection()
  api.answerPut = () => failed({ code: 'unknown-outcome', message: 'No answer.' })
  expect(await sendOneDraft(deps, synced.id)).toMatchObject({ kind: 'retry', stopsBatch: false })
  const back = await repo.getDraft(synced.id)
  expect(back).toMatchObject({ status: 'queued', unconfirmedUpdate: { attempt: 2 } })
  return { repo, api, deps, synced, sent: back?.unconfirmedUpdate?.body }
}

describe('after a PUT whose answer was lost', () => {
  it('payroll no longer has the request: needs attention, saying so; nothing is sent', async () => {
    const { repo, api, deps, synced } = await lostPut()
    api.answerGet = () => ({ ok: false, error: { code: 'not-found', message: 'Not found.', status: 404 } })
    expect(await sendOneDraft(deps, synced.id)).toEqual({ kind: 'needs-attention' })
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'needs-attention', lastError: { code: 'not-found', message: NO_LONGER_IN_PAYROLL } })
    expect(api.puts).toHaveLength(1)
  })

  it('the read-back fails for a reason that passes: stays queued with the unconfirmed PUT, and sends nothing', async () => {
    const { repo, api, deps, synced, sent } = await lostPut()
    api.answerGet = () => ({ ok: false, error: { code: 'unavailable', message: 'Busy.', status: 503 } })
    expect(await sendOneDraft(deps, synced.id)).toMatchObject({ kind: 'retry' })
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'queued', unconfirmedUpdate: { body: sent, attempt: 2 } })
    expect(api.puts).toHaveLength(1)
    expect(api.gets).toHaveLength(1)
  })

  it('payroll still holds the version read: the same change is sent again, and its acceptance ends it', async () => {
    const { repo, api, deps, synced } = await lostPut()
    api.answerGet = () => ({ ok: true, value: payrollRecordOf(synced) })
    api.answerPut = () => ({ ok: true, value: { Id: synced.serverId as number, LastModifiedDateUtc: '2026-03-03T00:00:00Z' } })
    expect(await sendOneDraft(deps, synced.id)).toEqual({ kind: 'synced' })
    expect(api.puts.map((put) => parseRequestKey(put.requestKey ?? ''))).toEqual([
      { draftId: synced.id, attempt: 2 },
      { draftId: synced.id, attempt: 3 }
    ])
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'synced', leaveStatus: 'Rejected', inPayroll: { lastModifiedDateUtc: '2026-03-03T00:00:00Z' } })
  })
})

describe('payroll’s acceptance without a version', () => {
  it('is read back, so the copy kept carries the version payroll holds', async () => {
    const { repo, api, deps, synced } = await queuedRejection()
    api.answerPut = () => ({ ok: true, value: { Id: synced.serverId as number, LastModifiedDateUtc: '' } })
    api.answerGet = () => ({ ok: true, value: payrollRecordOf({ ...synced, leaveStatus: 'Rejected' }, { LastModifiedDateUtc: '2026-03-04T00:00:00Z' }) })

    expect(await sendOneDraft(deps, synced.id)).toEqual({ kind: 'synced' })
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'synced', lastModifiedDateUtc: '2026-03-04T00:00:00Z', inPayroll: { lastModifiedDateUtc: '2026-03-04T00:00:00Z' } })
    expect(api.gets).toHaveLength(1)
  })
})

describe('payroll accepted a change but this computer’s storage refuses to record it', () => {
  it('the change is never made uncertain: it stays being sent, and the next recovery records payroll’s answer', async () => {
    const failing = (repo: DraftsRepository): DraftsRepository => ({
      ...repo,
      queue: { ...repo.queue, recordOutcome: () => Promise.reject(new DOMException('The disk is full.', 'QuotaExceededError')) }
    })
    const { repo, api, deps, synced } = await queuedRejection(failing)
    api.answerPut = () => ({ ok: true, value: { Id: synced.serverId as number, LastModifiedDateUtc: '2026-03-03T00:00:00Z' } })

    expect(await sendOneDraft(deps, synced.id)).toEqual({ kind: 'unrecorded' })
    expect((await repo.getDraft(synced.id))?.status).toBe('sending')

    expect(await repo.queue.recoverInterruptedSends()).toBe(1)
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'synced', leaveStatus: 'Rejected', inPayroll: { lastModifiedDateUtc: '2026-03-03T00:00:00Z' } })
    expect(api.puts).toHaveLength(1)
  })
})
