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

/** A clock whose sleeps end only when the test says so; `advance` ends the one pending sleep. */
function manualTime() {
  let now = 0
  const sleeps: { until: number; wake: () => void }[] = []
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleeps.push({ until: now + ms, wake })),
    pendingSleeps: () => sleeps.length,
    advance() {
      const next = sleeps.shift()
      if (!next) throw new Error('nobody is sleeping')
      now = next.until
      next.wake()
    }
  }
}

/** Lets every pending promise callback run (a bounded number of turns of the microtask queue). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
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
    expect(time.now()).toBe(1005)
  })

  it('learns from the answers: a request held up on its way pushes the next release back by as much', async () => {
    let now = 0
    const limiter = requestRateLimiter({ perSecond: 1, now: () => now, sleep: async (ms) => void (now += ms) })
    // Five answers in 4 ms: the fastest round trip seen, trusted once five are known.
    for (let i = 0; i < 5; i++) {
      const turn = await limiter.acquire()
      now += 4
      turn?.answered()
    }
    expect(now).toBe(4 * 1009 + 4)
    // This one took 84 ms: it may have reached the server as much as 80 ms after it left (and the
    // pace's 5 ms allowance on top).
    const late = await limiter.acquire()
    const lateLeftAt = now
    now += 84
    late?.answered()
    await limiter.acquire()
    expect(now).toBe(lateLeftAt + 80 + 1000 + 5)
  })

  it('leaves the pace alone when answers come as fast as usual', async () => {
    let now = 0
    const released: number[] = []
    const limiter = requestRateLimiter({ perSecond: 2, now: () => now, sleep: async (ms) => void (now += ms) })
    for (let i = 0; i < 10; i++) {
      const turn = await limiter.acquire()
      released.push(now)
      now += 3
      turn?.answered()
    }
    // Once five round trips are known (the fastest is trusted), every gap is the plain pace (1/rate plus
    // the allowance, rounded up to the timer's milliseconds).
    expect(released.slice(6).map((at, i) => at - (released[i + 5] as number))).toEqual([503, 503, 503, 503])
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
    await expect(limiter.acquire()).resolves.toMatchObject({ answered: expect.any(Function) })
  })

  it('does nothing when there is no limit, and refuses a nonsensical rate', async () => {
    const limiter = requestRateLimiter({ perSecond: null })
    await Promise.all(Array.from({ length: 100 }, () => limiter.acquire()))
    expect(() => requestRateLimiter({ perSecond: 0 })).toThrow(RangeError)
  })

  it('drops a caller whose signal aborts while it waits: it rejects at once and never uses up a turn', async () => {
    const time = manualTime()
    const limiter = requestRateLimiter({ perSecond: 1, jitterAllowanceMs: 0, ...time })
    const released: [string, number][] = []
    const ask = (name: string, signal?: AbortSignal) => limiter.acquire(signal).then(() => void released.push([name, time.now()]))
    await ask('first')
    const gone = new AbortController()
    const waiting = [ask('b', gone.signal), ask('c', gone.signal), ask('d', gone.signal)]
    const stays = ask('stays')
    await settle()
    expect(released).toEqual([['first', 0]])

    gone.abort()
    const outcomes = await Promise.allSettled(waiting)
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as Error).name)).toEqual(['AbortError', 'AbortError', 'AbortError'])
    expect(released).toEqual([['first', 0]])

    // The caller behind them gets the very next turn, not three turns later.
    time.advance()
    await stays
    expect(released).toEqual([
      ['first', 0],
      ['stays', 1000]
    ])
    expect(time.pendingSleeps()).toBe(0)
  })

  it('refuses at once a caller whose signal has already aborted, with or without a limit', async () => {
    const time = manualTime()
    const limited = requestRateLimiter({ perSecond: 1, jitterAllowanceMs: 0, ...time })
    await limited.acquire()
    await expect(limited.acquire(AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' })
    expect(time.pendingSleeps()).toBe(0)
    await expect(requestRateLimiter({ perSecond: null }).acquire(AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('ignores an abort that comes after the caller was released', async () => {
    const limiter = requestRateLimiter({ perSecond: 1, ...fakeTime() })
    const controller = new AbortController()
    await expect(limiter.acquire(controller.signal)).resolves.toMatchObject({ answered: expect.any(Function) })
    controller.abort()
    await expect(limiter.acquire()).resolves.toMatchObject({ answered: expect.any(Function) })
  })

  it('says when it gets busy and when it is quiet again: its last request answered, or given up before it left', async () => {
    const time = manualTime()
    const told: [boolean, number][] = []
    const limiter = requestRateLimiter({ perSecond: 1, jitterAllowanceMs: 0, ...time, onBusy: (busy, at) => void told.push([busy, at]) })
    const first = await limiter.acquire()
    expect(told).toEqual([[true, 0]])
    // A second caller waits in line while the first is on its way: still busy, and said only once.
    const second = limiter.acquire()
    await settle()
    time.advance()
    const secondTurn = await second
    first?.answered()
    expect(told).toEqual([[true, 0]])
    // The second one's asker went away before sending it: nothing is on its way any more.
    secondTurn?.unused()
    expect(told).toEqual([[true, 0], [false, 1000]])
    // Answered twice (or answered after given up) changes nothing.
    secondTurn?.answered()
    first?.answered()
    expect(told).toEqual([[true, 0], [false, 1000]])
  })

  it('a caller that gives up while it waits in line leaves the limiter quiet', async () => {
    const time = manualTime()
    const told: boolean[] = []
    const limiter = requestRateLimiter({ perSecond: 1, jitterAllowanceMs: 0, ...time, onBusy: (busy) => void told.push(busy) })
    ;(await limiter.acquire())?.answered()
    const gone = new AbortController()
    const waiting = limiter.acquire(gone.signal)
    await settle()
    gone.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    expect(told).toEqual([true, false, true, false])
  })
})
