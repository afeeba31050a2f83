import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OLIVIA_DEC } from '../../../shared/team/testSupport/teamRequestSamples'
import { createTeamRequestIndex, VERSION_EVERY_MS } from './teamRequestIndex'

/**
 * The screens re-read the team's requests when the index's version moves (the calendar walks all of them).
 * A clerk joining an office takes in 100,000 requests one change at a time: the calendar must not redraw
 * 100,000 times, yet a colleague's one new request must show at once. Fake timers: nothing waits on the clock.
 */
const request = (n: number) => ({ id: `request:install-a:draft-${n}`, doc: { ...OLIVIA_DEC, _id: `request:install-a:draft-${n}`, draftId: `draft-${n}` } })

describe('the team request index', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a lone change after a quiet spell moves the version at once', async () => {
    const index = createTeamRequestIndex()
    index.apply(request(1))
    await vi.advanceTimersByTimeAsync(0)
    expect(index.store.getState().version).toBe(1)
    expect(index.forEmployee(OLIVIA_DEC.employeeId)).toHaveLength(1)
  })

  it('a burst of changes moves it at most every quarter second, and every request is there at the end', async () => {
    const index = createTeamRequestIndex()
    const versions: number[] = []
    index.store.subscribe((state) => versions.push(state.version))
    // 2,000 changes, one a millisecond: two seconds of replication.
    for (let n = 0; n < 2_000; n++) {
      index.apply(request(n))
      await vi.advanceTimersByTimeAsync(1)
    }
    await vi.advanceTimersByTimeAsync(VERSION_EVERY_MS)
    expect(versions.length).toBeLessThanOrEqual(2_000 / VERSION_EVERY_MS + 2)
    expect(versions.length).toBeGreaterThan(1)
    expect(index.store.getState().byId.size).toBe(2_000)
  })
})
