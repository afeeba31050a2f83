import { describe, expect, it, vi } from 'vitest'
import { keepOfficeBudget, type OfficeBudgetKeeper } from './officeBudget'

/**
 * The heartbeat comes at once when this install starts sending, so it announces itself then, not up to a
 * heartbeat later (main holds its first request until it has). The interval here is an hour: any
 * heartbeat seen after the first came from the start of sending.
 */
function recordingKeeper() {
  const beats: boolean[] = []
  let hold: Promise<void> | null = null
  const keeper: OfficeBudgetKeeper = {
    async beat(sending) {
      beats.push(sending)
      await hold
      return null
    }
  }
  return { keeper, beats, holdNextBeats: (until: Promise<void> | null) => (hold = until) }
}

describe('keepOfficeBudget', () => {
  it('beats at once when sending starts, and once more when it starts during a heartbeat', async () => {
    const { keeper, beats, holdNextBeats } = recordingKeeper()
    const sending = { now: false }
    let started: () => void = () => {}
    const stop = keepOfficeBudget(keeper, () => sending.now, 3_600_000, (listener) => ((started = listener), () => {}))
    await vi.waitFor(() => expect(beats).toEqual([false]))

    sending.now = true
    started()
    await vi.waitFor(() => expect(beats).toEqual([false, true]))

    // A heartbeat under way reads "not sending"; sending starts meanwhile: one more heartbeat right after.
    let release: () => void = () => {}
    holdNextBeats(new Promise<void>((resolve) => (release = resolve)))
    sending.now = false
    started()
    await vi.waitFor(() => expect(beats).toEqual([false, true, false]))
    sending.now = true
    started()
    holdNextBeats(null)
    release()
    await vi.waitFor(() => expect(beats).toEqual([false, true, false, true]))

    stop()
    started()
    expect(beats).toHaveLength(4)
  })
})
