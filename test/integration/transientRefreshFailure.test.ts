import { afterEach, beforeEach, expect, it } from 'vitest'
import { createApiClient } from '../../main/api'
import { startAuthHarness, type AuthHarness } from '../../main/auth/testSupport/authHarness'
import { DEMO_CREDENTIALS } from '../../main/sandbox'

/**
 * A refresh that fails for a passing reason (payroll busy) is not a sign-out: the clerk is still signed
 * in, so the client must answer a retryable code and never 'signed-out', which would pause the queue
 * until the clerk notices. Real session, real client, real sandbox.
 */
let harness: AuthHarness
beforeEach(async () => {
  harness = await startAuthHarness()
})
afterEach(async () => {
  await harness.close()
})

const FILE = 1001
const leave = {
  LeaveTypePayItemId: 101,
  EmployeeId: 6001,
  StartDate: '2026-03-02T00:00:00+10:00',
  EndDate: '2026-03-02T00:00:00+10:00',
  Status: 'Pending' as const
}

it('a 503 from the refresh endpoint after a 401 gives unavailable, keeps the session, and the next try succeeds', async () => {
  const session = harness.session()
  await session.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
  const client = createApiClient({ baseUrl: harness.sandbox.baseUrl, auth: session, dispatcher: harness.agent, now: harness.clock.now })
  harness.sandbox.store.expireAccessTokens()
  harness.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: '5', route: 'POST /authorisation/refresh', times: 1 })

  const first = await client.insertLeaveRequest(FILE, leave)
  expect(first).toMatchObject({ ok: false, error: { code: 'unavailable' } })
  expect(session.status().state).toBe('signed-in')
  expect(harness.sandbox.store.leaveRequests(FILE)).toHaveLength(0)

  const second = await client.insertLeaveRequest(FILE, leave)
  expect(second.ok).toBe(true)
  expect(harness.sandbox.store.leaveRequests(FILE)).toHaveLength(1)
})

it('a refused refresh after a 401 still says signed-out', async () => {
  const session = harness.session()
  await session.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
  const client = createApiClient({ baseUrl: harness.sandbox.baseUrl, auth: session, dispatcher: harness.agent, now: harness.clock.now })
  harness.sandbox.store.expireAccessTokens()
  harness.sandbox.store.revokeRefreshTokens()

  const result = await client.insertLeaveRequest(FILE, leave)
  expect(result).toMatchObject({ ok: false, error: { code: 'signed-out' } })
  expect(session.status()).toMatchObject({ state: 'signed-out', endedBecause: 'refresh-refused' })
})
