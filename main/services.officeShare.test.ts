import { describe, expect, it } from 'vitest'
import type { OfficeShare } from '../shared/ipc/officeShare'
import { utcDay } from './api/dailyQuotaCounter'
import { createIpcDispatcher } from './ipc/ipcDispatch'
import { DEMO_CREDENTIALS, startSandbox } from './sandbox'
import { tempWorkspace } from './testSupport/tempWorkspace'

/**
 * The office's share as main keeps it, through the app's composition root against a remote payroll: per
 * payroll file (a file with no team is paced and counted alone, whatever another file's team does), and
 * with the office's daily quota for the file, which main's daily counter uses instead of the computer's.
 * The limiter's waits move a clock of the test's own: no time passes for real.
 */
const workspace = tempWorkspace('leave-desk-office-share-')

async function signedInServices() {
  const sandbox = workspace.closeLater(await startSandbox({ port: 0 }))
  const clock = { now: Date.now() }
  const waits: number[] = []
  const running = await workspace.startServices({
    envApiUrl: sandbox.baseUrl,
    now: () => clock.now,
    sleep: async (ms) => {
      waits.push(ms)
      clock.now += ms
    }
  })
  expect(await running.services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)).toMatchObject({ ok: true })
  // Well past anything sign-in sent: the next request owes no pace to an earlier one.
  clock.now += 60_000
  waits.length = 0
  return { ...running, clock, waits }
}

function shareFor(fileId: number, now: number, extra: Partial<OfficeShare> = {}): OfficeShare {
  return { fileId, day: utcDay(now), turnTakers: [{ me: true, from: 0, until: null }], othersSpentToday: 0, ...extra }
}

describe('main keeps the office’s share per payroll file', () => {
  it('paces a file with no team alone after another file’s team told its turns', async () => {
    const { services, clock, waits } = await signedInServices()
    // File 1001's team: a colleague sending, and this install taking turns only from a minute on.
    const joinsAt = clock.now + 60_000
    const share = shareFor(1001, clock.now, { turnTakers: [{ me: false, from: 0, until: null }, { me: true, from: joinsAt, until: null }] })
    expect(await services.shareOfficeBudget(share)).toMatchObject({ ok: true })

    expect(await services.listEntitlements(1002)).toMatchObject({ ok: true })
    expect(waits).toEqual([])

    expect(await services.listEntitlements(1001)).toMatchObject({ ok: true })
    expect(clock.now).toBeGreaterThanOrEqual(joinsAt)
  })
})

describe('the office’s daily quota for a file', () => {
  it('stops the file at 95 % of the office’s quota, not the computer’s; other files keep the computer’s', async () => {
    const { services, clock } = await signedInServices()
    // The computer's setting is 3,000 a day; the office says this file's plan allows 3 (95 %: 2).
    expect(await services.shareOfficeBudget(shareFor(1001, clock.now, { dailyQuota: 3 }))).toMatchObject({ ok: true })
    expect(await services.listEntitlements(1001)).toMatchObject({ ok: true })
    expect(await services.listEntitlements(1001)).toMatchObject({ ok: true })
    expect(await services.listEntitlements(1001)).toMatchObject({
      ok: false,
      error: { code: 'quota-exhausted', message: "Today's limit of 2 requests for this file is reached; sending resumes tomorrow." }
    })
    expect(await services.listEntitlements(1002)).toMatchObject({ ok: true })
  })

  it('refuses a share whose quota is not a usable number, at IPC', async () => {
    const { services, clock } = await signedInServices()
    const dispatch = createIpcDispatcher(services)
    for (const dailyQuota of [0, -3, 2.5, 10_000_001]) {
      expect(await dispatch('shareOfficeBudget', [shareFor(1001, clock.now, { dailyQuota })])).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    }
  })
})
