import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DONE_LOOK_MS, HEARTBEAT_MS, keepOfficeBudget, type OfficeBudgetKeeper } from './officeBudget'

/**
 * The office budget's heartbeat: every HEARTBEAT_MS, and at once when this install has just run out of
 * things to send, so colleagues can use its turns the sooner. Fake timers: nothing here waits on the clock.
 */
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function recordingKeeper() {
  const beats: Array<{ at: number; sending: boolean }> = []
  const keeper: OfficeBudgetKeeper = {
    beat: async (sending) => {
      beats.push({ at: Date.now(), sending })
      return null
    }
  }
  return { keeper, beats }
}

describe('keepOfficeBudget', () => {
  it('beats every heartbeat, and at once when the queue has just run out', async () => {
    const { keeper, beats } = recordingKeeper()
    const started = Date.now()
    let sending = true
    const stop = keepOfficeBudget(keeper, () => sending)
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(beats.map((beat) => [beat.at - started, beat.sending])).toEqual([[0, true], [HEARTBEAT_MS, true]])

    // Done 300 ms after that heartbeat: told within a look, not at the next heartbeat 1.7 s on.
    await vi.advanceTimersByTimeAsync(300)
    sending = false
    await vi.advanceTimersByTimeAsync(DONE_LOOK_MS)
    expect(beats.at(-1)?.sending).toBe(false)
    expect((beats.at(-1)?.at ?? 0) - started).toBeLessThanOrEqual(HEARTBEAT_MS + 300 + DONE_LOOK_MS)

    // Then the heartbeat goes on from there, not twice as often.
    const count = beats.length
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(beats.length).toBe(count + 1)
    stop()
    await vi.advanceTimersByTimeAsync(5 * HEARTBEAT_MS)
    expect(beats.length).toBe(count + 1)
  })

  it('an install that was not sending does not beat between heartbeats', async () => {
    const { keeper, beats } = recordingKeeper()
    const stop = keepOfficeBudget(keeper, () => false)
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1)
    expect(beats).toHaveLength(1)
    stop()
  })
})
