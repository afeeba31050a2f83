import { describe, expect, it } from 'vitest'
import { createOfficeBudget } from './officeBudget'
import { HANDOVER_GUARD_MS, LAST_RELEASE_WINDOW_MS, TURN_REQUESTS, turnLengthMs, waitForOwnTurn } from './officeSlots'
import { requestRateLimiter } from './requestRateLimiter'

const LENGTH = turnLengthMs(1, 5)

/** A clock that only moves when someone sleeps on it, by exactly as long as asked (or `late` more). */
function fakeTime(start: number, late = 0) {
  let now = start
  return { now: () => now, sleep: async (ms: number) => void (now += ms + late) }
}

describe('the office’s turns (officeSlots)', () => {
  it('three installs sending at once never release within a second of each other, and together keep near 1/s', async () => {
    const releases: number[] = []
    for (let slot = 0; slot < 3; slot += 1) {
      const time = fakeTime(12_345 + slot * 7)
      const limiter = requestRateLimiter({ perSecond: 1, officeSlot: () => ({ slot, of: 3 }), ...time })
      for (let request = 0; request < 3 * TURN_REQUESTS; request += 1) {
        await limiter.acquire()
        releases.push(time.now())
      }
    }
    const sorted = releases.sort((a, b) => a - b)
    const gaps = sorted.slice(1).map((at, index) => at - (sorted[index] as number))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1005)
    // Between two installs' turns, at least the guard on top of a second.
    expect(gaps.filter((gap) => gap > 1005).length).toBeGreaterThanOrEqual(8)
    expect(Math.min(...gaps.filter((gap) => gap > 1005))).toBeGreaterThanOrEqual(1000 + HANDOVER_GUARD_MS)
    // 72 requests: the office's pace over the turns, from the first release to the last.
    expect((sorted.length - 1) / ((sorted.at(-1)! - sorted[0]!) / 1000)).toBeGreaterThan(0.96)
  })

  it('a request too late in its turn waits for the next turn of its own rather than crowd the next install', () => {
    const mine = { slot: 1, of: 3 }
    const lastDue = LENGTH + (TURN_REQUESTS - 1) * 1005
    expect(waitForOwnTurn(LENGTH, mine, 1, 5)).toBe(0)
    expect(waitForOwnTurn(lastDue + LAST_RELEASE_WINDOW_MS, mine, 1, 5)).toBe(0)
    expect(waitForOwnTurn(lastDue + LAST_RELEASE_WINDOW_MS + 1, mine, 1, 5)).toBe(Math.ceil(4 * LENGTH - (lastDue + LAST_RELEASE_WINDOW_MS + 1)))
    expect(waitForOwnTurn(0, mine, 1, 5)).toBe(Math.ceil(LENGTH))
  })

  it('timers firing late within a turn push its later requests back, never into the next install’s turn', async () => {
    const time = fakeTime(0, 25)
    const limiter = requestRateLimiter({ perSecond: 1, officeSlot: () => ({ slot: 0, of: 2 }), ...time })
    const releases: number[] = []
    for (let request = 0; request < 2 * TURN_REQUESTS; request += 1) {
      await limiter.acquire()
      releases.push(time.now())
    }
    const lastReleaseBy = (TURN_REQUESTS - 1) * 1005 + LAST_RELEASE_WINDOW_MS
    expect(releases.every((at) => at % (2 * LENGTH) <= lastReleaseBy)).toBe(true)
  })

  it('alone (or told nothing), the limiter paces as before: no slot to wait for', async () => {
    const office = createOfficeBudget()
    expect(office.slot()).toBeNull()
    office.update({ fileId: 1001, day: '2026-03-02', slot: 0, of: 1, othersSpentToday: 12 })
    expect(office.slot()).toBeNull()
    const time = fakeTime(12_345)
    const limiter = requestRateLimiter({ perSecond: 1, officeSlot: office.slot, ...time })
    await limiter.acquire()
    expect(time.now()).toBe(12_345)
  })

  it('colleagues’ spend counts only for the file and day it was told for', () => {
    const office = createOfficeBudget()
    office.update({ fileId: 1001, day: '2026-03-02', slot: 1, of: 2, othersSpentToday: 12 })
    expect(office.othersUsed(1001, '2026-03-02')).toBe(12)
    expect(office.othersUsed(1002, '2026-03-02')).toBe(0)
    expect(office.othersUsed(1001, '2026-03-03')).toBe(0)
    expect(office.slot()).toEqual({ slot: 1, of: 2 })
  })
})
