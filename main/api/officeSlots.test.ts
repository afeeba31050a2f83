import { describe, expect, it } from 'vitest'
import { createOfficeBudget } from './officeBudget'
import { RELEASE_WINDOW_MS, slotLengthMs, waitForOwnSlot } from './officeSlots'
import { requestRateLimiter } from './requestRateLimiter'

const LENGTH = slotLengthMs(1)

/** A clock that only moves when someone sleeps on it, by exactly as long as asked (or `late` more). */
function fakeTime(start: number, late = 0) {
  let now = start
  return { now: () => now, sleep: async (ms: number) => void (now += ms + late) }
}

describe('the office’s turns (officeSlots)', () => {
  it('three installs sending at once never release within a second of each other, and together keep 1/s within the guard', async () => {
    const releases: number[] = []
    for (let slot = 0; slot < 3; slot += 1) {
      const time = fakeTime(12_345 + slot * 7)
      const limiter = requestRateLimiter({ perSecond: 1, officeSlot: () => ({ slot, of: 3 }), ...time })
      for (let request = 0; request < 10; request += 1) {
        await limiter.acquire()
        releases.push(time.now())
      }
    }
    const sorted = releases.sort((a, b) => a - b)
    const gaps = sorted.slice(1).map((at, index) => at - (sorted[index] as number))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 + 30 - RELEASE_WINDOW_MS)
    // 30 requests in 29 slots (the first waits for its slot): the office's pace is the slots' pace.
    expect((sorted.length - 1) / ((sorted.at(-1)! - sorted[0]!) / 1000)).toBeGreaterThan(0.95)
  })

  it('a timer that fires late in its slot waits for the next slot of its own rather than crowd the next install', () => {
    const mine = { slot: 1, of: 3 }
    const slotStart = 1 * LENGTH
    expect(waitForOwnSlot(slotStart + RELEASE_WINDOW_MS, mine, 1)).toBe(0)
    expect(waitForOwnSlot(slotStart + RELEASE_WINDOW_MS + 1, mine, 1)).toBe(Math.ceil(4 * LENGTH - (slotStart + RELEASE_WINDOW_MS + 1)))
    expect(waitForOwnSlot(0, mine, 1)).toBe(Math.ceil(LENGTH))
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
