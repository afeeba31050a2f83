import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../main/sandbox'
import { connectivityView } from '../../renderer/src/header/connectivityView'
import { employeesOf, FILE_1001, queueDemoDrafts } from './testSupport/demoDrafts'
import { expectQueueInvariants, syncUntilSettled } from './testSupport/queueChecks'
import { syncTestbedClosedAfterEach } from './testSupport/syncTestbedHooks'

/**
 * Payroll keeps at most 25 sign-ins per user and ends the least recently used one when another begins
 * (docs/sandbox.md). An unrelated integration signing in as the clerk's user thus signs an idle Leave
 * Desk out: the clerk reads "Signed in elsewhere", nothing is lost, and signing in sends everything once.
 */
const startTestbed = syncTestbedClosedAfterEach()

async function signInElsewhere(baseUrl: string): Promise<void> {
  const answer = await request(`${baseUrl}/authorisation/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', ...DEMO_CREDENTIALS.clerk, scope: 'full' })
  })
  expect(answer.statusCode).toBe(200)
  await answer.body.dump()
}

describe('signed out because the same user signed in elsewhere', () => {
  it('says so in plain words, keeps every queued request, and sends each once after signing in again', async () => {
    const t = await startTestbed({ sandbox: { maxSessionsPerUser: 3 } })
    const drafts = await queueDemoDrafts(t.repo, employeesOf(FILE_1001, 2), 2)
    // Three sign-ins by another integration: Leave Desk's is the least recently used, so it ends.
    for (let i = 0; i < 3; i++) await signInElsewhere(t.stack.sandbox.baseUrl)
    t.stack.sandbox.store.expireAccessTokens()

    const paused = await t.runner.syncNow()

    expect(paused).toMatchObject({ ran: true, synced: 0, uncertain: 0, needsAttention: 0, paused: { reason: 'signed-out' } })
    const status = t.stack.session.status()
    expect(status).toMatchObject({ state: 'signed-out', endedBecause: 'refresh-refused' })
    expect(connectivityView(status, { state: 'reachable', since: 0 }).detail).toMatch(/^Signed in elsewhere: .*kept on this computer/)
    for (const draft of drafts) expect(await t.repo.getDraft(draft.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(t.stack.sandbox.store.leaveRequests(1001)).toEqual([])

    await t.stack.signIn()
    await syncUntilSettled(t.runner, t.repo, t.clock)
    const byStatus = await expectQueueInvariants({ repo: t.repo, sandbox: t.stack.sandbox, log: t.bridge.log, drafts })
    expect(byStatus.synced).toHaveLength(drafts.length)
    expect(t.stack.sandbox.store.leaveRequests(1001)).toHaveLength(drafts.length)
  })
})
