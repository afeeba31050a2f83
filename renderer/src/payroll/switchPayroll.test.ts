import { describe, expect, it } from 'vitest'
import { ok } from '../../../shared/apiError'
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../../shared/ipc'
import { accepted, type InsertAnswer } from '../sync/testSupport/fakeSyncApi'
import { runnerFixture } from '../sync/testSupport/runnerFixture'
import { countOutgoing, switchPayroll } from './switchPayroll'

describe('switching payroll while requests are on their way', () => {
  it('lets the requests in flight finish first, leaves none sending, keeps the rest queued here, and only then switches', async () => {
    const fixture = await runnerFixture()
    const { repo, api, runner } = fixture
    const releases: (() => void)[] = []
    api.answer = () => new Promise<InsertAnswer>((resolve) => releases.push(() => resolve(accepted())))
    const [first, second, later] = await fixture.queue([11, 12, 11])
    void runner.start()
    await expect.poll(() => api.inFlight).toBe(2)
    expect(await countOutgoing(repo.db)).toEqual({ queued: 1, sending: 2 })

    const events: string[] = []
    const switchApi = {
      updateSettings: async (patch: SettingsPatch) => {
        events.push(`switch with ${api.inFlight} in flight and ${(await countOutgoing(repo.db)).sending} sending`)
        return ok({ ...DEFAULT_SETTINGS, apiBaseUrl: patch.apiBaseUrl ?? null })
      }
    }
    const switching = switchPayroll({ api: switchApi, runner, repo }, { apiBaseUrl: 'https://payroll.example.com' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toEqual([])
    releases.forEach((release) => release())
    expect(await switching).toMatchObject({ ok: true })

    expect(events).toEqual(['switch with 0 in flight and 0 sending'])
    expect(api.posts).toHaveLength(2)
    expect((await repo.getDraft(first!.id))?.status).toBe('synced')
    expect((await repo.getDraft(second!.id))?.status).toBe('synced')
    // The later request stays with the payroll it was written for, queued, to go when the clerk returns.
    expect((await repo.getDraft(later!.id))?.status).toBe('queued')
    await runner.syncNow()
    expect(api.posts).toHaveLength(2)
  })

  it('switches at once when nothing is on its way', async () => {
    const fixture = await runnerFixture()
    await fixture.runner.start()
    const patches: SettingsPatch[] = []
    const result = await switchPayroll(
      { api: { updateSettings: async (patch) => (patches.push(patch), ok(DEFAULT_SETTINGS)) }, runner: fixture.runner, repo: fixture.repo },
      { apiBaseUrl: null }
    )
    expect(result.ok).toBe(true)
    expect(patches).toEqual([{ apiBaseUrl: null }])
  })
})
