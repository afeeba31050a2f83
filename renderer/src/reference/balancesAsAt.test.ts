import { describe, expect, it, vi } from 'vitest'
import type { Employee } from '../../../shared/apiSchemas'
import type { ApiResult } from '../../../shared/apiError'
import type { CachedEmployee } from '../db'
import { payrollBalanceFor } from '../safeguards/payrollBalance'
import { BALANCES_AS_AT_KEEP_MS, createBalancesAsAtStore } from './balancesAsAt'

const OLIVIA: Employee = {
  Id: 6001,
  FirstName: 'Olivia',
  LastName: 'Nguyen',
  DisplayName: 'Olivia Nguyen',
  IsActive: true,
  LeaveBalances: [{ PayItemId: 101, Name: 'Annual Leave', Hours: 52.8 }]
}
const CACHED: CachedEmployee = {
  fileId: 1001,
  id: 6001,
  firstName: 'Olivia',
  lastName: 'Nguyen',
  displayName: 'Olivia Nguyen',
  isActive: true,
  leaveBalances: [{ payItemId: 101, name: 'Annual Leave', hours: 37.6 }]
}

function fakeList(answer: () => ApiResult<Employee[]>) {
  const asked: unknown[][] = []
  let release: () => void = () => undefined
  const listEmployees = (...args: unknown[]) => {
    asked.push(args)
    return new Promise<ApiResult<Employee[]>>((resolve) => {
      release = () => resolve(answer())
    })
  }
  return { asked, listEmployees, release: () => release() }
}

describe('payroll balances as at a day', () => {
  it("asks payroll once per file and day, and the projection starts from payroll's figure for that day", async () => {
    let time = 1_000
    const fake = fakeList(() => ({ ok: true, value: [OLIVIA] }))
    const store = createBalancesAsAtStore(fake.listEmployees as never, () => time)
    store.request(1001, '2026-03-02')
    store.request(1001, '2026-03-02')
    expect(fake.asked).toEqual([[1001, { leaveBalanceAsAt: '2026-03-02' }]])
    expect(store.peek(1001, '2026-03-02')).toEqual({ state: 'loading' })
    fake.release()
    await vi.waitFor(() => expect(store.peek(1001, '2026-03-02')?.state).not.toBe('loading'))
    const asAt = store.peek(1001, '2026-03-02')
    expect(asAt).toMatchObject({ state: 'ready', fetchedAt: 1_000 })
    const balance = payrollBalanceFor({ employee: CACHED, leaveTypePayItemId: 101, cachedAsOf: 5, day: '2026-03-02', asAt })
    expect(balance).toEqual({ name: 'Annual Leave', hours: 52.8, fetchedAt: 1_000, asAtDay: '2026-03-02' })

    store.request(1001, '2026-03-02')
    expect(fake.asked).toHaveLength(1)
    time += BALANCES_AS_AT_KEEP_MS
    store.request(1001, '2026-03-02')
    expect(fake.asked).toHaveLength(2)
  })

  it('keeps to the cached balance, and says why, when payroll could not answer for the day', async () => {
    const fake = fakeList(() => ({ ok: false, error: { code: 'forbidden', message: 'No payroll access.' } }))
    const store = createBalancesAsAtStore(fake.listEmployees as never)
    store.request(1001, '2026-03-02')
    fake.release()
    await vi.waitFor(() => expect(store.peek(1001, '2026-03-02')?.state).not.toBe('loading'))
    const asAt = store.peek(1001, '2026-03-02')
    expect(asAt).toEqual({ state: 'failed', message: 'No payroll access.' })
    expect(payrollBalanceFor({ employee: CACHED, leaveTypePayItemId: 101, cachedAsOf: 5, day: '2026-03-02', asAt })).toEqual({
      name: 'Annual Leave',
      hours: 37.6,
      fetchedAt: 5,
      dayUnavailable: 'No payroll access.'
    })
    expect(payrollBalanceFor({ employee: CACHED, leaveTypePayItemId: 999, cachedAsOf: 5, day: '2026-03-02', asAt })).toBeNull()
  })
})
