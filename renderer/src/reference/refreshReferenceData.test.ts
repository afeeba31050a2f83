import { describe, expect, it } from 'vitest'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { refreshReferenceData, type ReferenceApi } from './refreshReferenceData'

const offline: ReferenceApi = {
  listEntitlements: async () => ({ ok: false, error: { code: 'network', message: 'Payroll cannot be reached.' } }),
  listEmployees: async () => ({ ok: false, error: { code: 'network', message: 'Payroll cannot be reached.' } })
}
const online: ReferenceApi = {
  listEntitlements: async () => ({ ok: true, value: [ANNUAL_LEAVE] }),
  listEmployees: async () => ({ ok: true, value: EMPLOYEES })
}

describe('refreshReferenceData', () => {
  it('caches the file’s leave types and employees with their balances, and when', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    expect(await refreshReferenceData(online, repo, FILE_ID, () => 1234)).toEqual({ ok: true })
    expect((await repo.listLeaveTypes(FILE_ID)).map((t) => t.name)).toEqual(['Annual Leave'])
    const aroha = await repo.getEmployee(FILE_ID, 11)
    expect(aroha?.leaveBalances).toEqual([{ payItemId: 501, name: 'Annual Leave', hours: 76 }])
    expect(await repo.referenceAsOf(FILE_ID, 'employees')).toBe(1234)
  })

  it('keeps the copy it has, and its time, when payroll cannot be reached', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await refreshReferenceData(online, repo, FILE_ID, () => 1234)
    expect(await refreshReferenceData(offline, repo, FILE_ID, () => 9999)).toEqual({
      ok: false,
      message: 'Payroll cannot be reached.'
    })
    expect(await repo.listEmployees(FILE_ID)).toHaveLength(2)
    expect(await repo.referenceAsOf(FILE_ID, 'leaveTypes')).toBe(1234)
  })
})
