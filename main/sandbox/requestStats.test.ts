import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../api/apiClient'
import { FILE, pendingLeave } from '../api/testSupport/leaveRequests'
import { passwordGrantAuth } from '../api/testSupport/sandboxAuth'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '.'

/**
 * A screen's read refused beside the queue's refused writes (queueCare e2e: the editor's balance read for
 * the file the new account may not use) must not count as one more refused write: the sandbox's
 * statuses can be asked per route.
 */
let sandbox: Sandbox
let client: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  const { username, password } = DEMO_CREDENTIALS.solo
  client = createApiClient({ baseUrl: sandbox.baseUrl, auth: passwordGrantAuth(sandbox.baseUrl, username, password), format: 'json' })
})
afterAll(async () => {
  await client.close()
  await sandbox.close()
})

it('counts a refused read apart from a refused insert when asked for one route', async () => {
  sandbox.stats.reset()
  // An account for another file only: payroll refuses both the read and the write for this one.
  const read = await client.listEmployees(FILE)
  const insert = await client.insertLeaveRequest(FILE, pendingLeave())
  expect(read).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  expect(insert).toMatchObject({ ok: false, error: { code: 'forbidden' } })

  expect(sandbox.stats.statusCount(403)).toBe(2)
  expect(sandbox.stats.statusCount(403, 'POST /Payroll/LeaveRequest')).toBe(1)
  expect(sandbox.stats.statusCount(403, 'GET /Payroll/Employees')).toBe(1)
  expect(sandbox.stats.statusCount(200, 'POST /Payroll/LeaveRequest')).toBe(0)
})
