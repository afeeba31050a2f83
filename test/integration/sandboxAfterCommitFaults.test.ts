import { beforeEach, describe, expect, it } from 'vitest'
import type { FaultRule } from '../../main/sandbox'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/**
 * Issue 10's fault matrix needs servers that answer 5xx or a redirect AFTER storing the request (the
 * answers a client must treat as "may have been applied"), and ones that refuse before storing.
 */

let h: SandboxHarness
let token: string
signedInSandboxPerFile({}, (harness, signedIn) => {
  h = harness
  token = signedIn
})
beforeEach(() => h.sandbox.faults.clear())

const INSERT = '/Payroll/LeaveRequest?FileId=1001'
const stored = () => h.sandbox.store.leaveRequests(1001).length

/** Adds `fault`, then inserts a valid request: the answer, and how many were stored before. */
async function insertMeeting(fault: FaultRule) {
  h.sandbox.faults.add(fault)
  const before = stored()
  const answer = await h.call('POST', INSERT, { body: validLeave(), token })
  return { before, answer }
}

describe('answers after the request was stored', () => {
  it.each([500, 501, 505, 507] as const)('%i: the record is stored once, the answer is a problem', async (status) => {
    const { before, answer } = await insertMeeting({ kind: 'answer-after-commit', status, route: 'POST /Payroll/LeaveRequest', times: 1 })
    expect(answer.status).toBe(status)
    expect(answer.problem().detail).toContain('after the request was stored')
    expect(stored()).toBe(before + 1)
  })

  it.each([302, 303, 307, 308] as const)('%i: the record is stored once, the answer redirects', async (status) => {
    const { before, answer } = await insertMeeting({ kind: 'answer-after-commit', status, location: '/elsewhere', route: 'POST /Payroll/LeaveRequest', times: 1 })
    expect(answer.status).toBe(status)
    expect(answer.headers.location).toBe('/elsewhere')
    expect(stored()).toBe(before + 1)
  })
})

describe('answers before anything is stored', () => {
  it.each([501, 505, 507, 408] as const)('%i: nothing is stored', async (status) => {
    const { before, answer } = await insertMeeting({ kind: 'status', status, route: 'POST /Payroll/LeaveRequest', times: 1 })
    expect(answer.status).toBe(status)
    expect(stored()).toBe(before)
  })
})
