import { describe, expect, it } from 'vitest'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { payrollRecordOf } from '../db/testSupport/payrollRecord'
import { GONE_FROM_PAYROLL, NOT_IN_PAYROLL, refreshFromPayroll } from './refreshFromPayroll'
import { fakeSyncApi } from './testSupport/fakeSyncApi'

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  return { repo, api: fakeSyncApi(), synced: await draftInStatus(repo, 'synced') }
}

describe('Refresh from payroll', () => {
  it('reads the request by its Id and says what payroll changed', async () => {
    const { repo, api, synced } = await setup()
    api.answerGet = () => ({ ok: true, value: payrollRecordOf(synced, { Status: 'Rejected', LastModifiedDateUtc: '2026-03-09T00:00:00Z' }) })
    const refreshed = await refreshFromPayroll(repo, api, synced.id, () => 1234)
    expect(api.gets).toEqual([{ fileId: synced.fileId, id: synced.serverId }])
    expect(refreshed).toMatchObject({ ok: true, value: { changes: [{ field: 'leaveStatus', before: 'Approved', after: 'Rejected' }], draft: { leaveStatus: 'Rejected', inPayroll: { readAt: 1234 } } } })
  })

  it('changes nothing when payroll no longer has it, and says so plainly', async () => {
    const { repo, api, synced } = await setup()
    api.answerGet = () => ({ ok: false, error: { code: 'not-found', message: 'Record not found.', status: 404 } })
    expect(await refreshFromPayroll(repo, api, synced.id)).toEqual({ ok: false, error: { kind: 'payroll', error: { code: 'not-found', message: GONE_FROM_PAYROLL, status: 404 } } })
    expect(await repo.getDraft(synced.id)).toEqual(synced)
  })

  it('does not ask payroll about a draft it has never had', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'draft')
    expect(await refreshFromPayroll(repo, api, draft.id)).toMatchObject({ ok: false, error: { kind: 'record', refusal: { reason: 'not-in-payroll', message: NOT_IN_PAYROLL } } })
    expect(api.gets).toEqual([])
  })
})
