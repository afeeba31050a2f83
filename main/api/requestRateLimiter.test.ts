import { describe, expect, it } from 'vitest'
import { requestRateLimiter } from './requestRateLimiter'

/** A clock that only moves when someone sleeps on it. */
function fakeTime() {
  let now = 0
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms
    }
  }
}

describe('requestRateLimiter', () => {
  it('releases callers in the order they asked, each at least 1/rate (plus the allowance) after the last', async () => {
    const time = fakeTime()
    const limiter = requestRateLimiter({ perSecond: 5, jitterAllowanceMs: 0, ...time })
    const released: [number, number][] = []
    await Promise.all(Array.from({ length: 6 }, (_, i) => limiter.acquire().then(() => released.push([i, time.now()]))))
    expect(released.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5])
    expect(released.map(([, at]) => at)).toEqual([0, 200, 400, 600, 800, 1000])
  })

  it('makes every run of `perSecond` requests span more than a second, so a sliding window never overflows', async () => {
    const time = fakeTime()
    const limiter = requestRateLimiter({ perSecond: 1, ...time })
    await limiter.acquire()
    await limiter.acquire()
    expect(time.now()).toBe(1030)
  })

  it('does not wait when requests are already far apart', async () => {
    let now = 0
    const slept: number[] = []
    const limiter = requestRateLimiter({ perSecond: 1, now: () => now, sleep: async (ms) => void slept.push(ms) })
    await limiter.acquire()
    now = 5000
    await limiter.acquire()
    expect(slept).toEqual([])
  })

  it('keeps serving the line after a sleep fails', async () => {
    const time = fakeTime()
    let failNext = true
    const limiter = requestRateLimiter({
      perSecond: 1,
      now: time.now,
      sleep: async (ms) => {
        if (failNext) {
          failNext = false
          throw new Error('timer broke')
        }
        await time.sleep(ms)
      }
    })
    await limiter.acquire()
    await expect(limiter.acquire()).rejects.toThrow('timer broke')
    await expect(limiter.acquire()).resolves.toBeUndefined()
  })

  it('does nothing when there is no limit, and refuses a nonsensical rate', async () => {
    const limiter = requestRateLimiter({ perSecond: null })
    await Promise.all(Array.from({ length: 100 }, () => limiter.acquire()))
    expect(() => requestRateLimiter({ perSecond: 0 })).toThrow(RangeError)
  })
})
