import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { systemClock, sleep } from './clock'
import { createListenerSet } from './listenerSet'
import { once } from './once'
import { sequential } from './sequential'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('once', () => {
  it('runs the work on the first call only and gives every caller that first result', async () => {
    let runs = 0
    const start = once(async () => {
      runs += 1
      return runs
    })
    expect(await Promise.all([start(), start()])).toEqual([1, 1])
    expect(await start()).toBe(1)
    expect(runs).toBe(1)
  })
})

describe('sequential', () => {
  it('starts each call after the one before has settled, in call order, even when one fails', async () => {
    const order: string[] = []
    const run = sequential(async (name: string, ms: number, fails = false) => {
      order.push(`start ${name}`)
      await sleep(ms)
      order.push(`end ${name}`)
      if (fails) throw new Error(name)
      return name
    })
    const slow = run('slow', 100, true)
    const fast = run('fast', 10)
    const failedSlow = expect(slow).rejects.toThrow('slow')
    await vi.advanceTimersByTimeAsync(110)
    await failedSlow
    expect(await fast).toBe('fast')
    expect(order).toEqual(['start slow', 'end slow', 'start fast', 'end fast'])
  })

  it('waits at most maxWaitMs for a call that hangs, then goes ahead', async () => {
    const started: string[] = []
    const run = sequential(
      (name: string) => {
        started.push(name)
        return name === 'hung' ? new Promise<string>(() => undefined) : Promise.resolve(name)
      },
      { maxWaitMs: 5_000 }
    )
    void run('hung')
    const next = run('next')
    await vi.advanceTimersByTimeAsync(4_999)
    expect(started).toEqual(['hung'])
    await vi.advanceTimersByTimeAsync(1)
    expect(await next).toBe('next')
  })
})

describe('createListenerSet', () => {
  it('tells every listener, keeps telling the others when one throws, and removes one on request', () => {
    const errors: unknown[] = []
    const listeners = createListenerSet<number>((error) => errors.push(error))
    const heard: number[] = []
    const remove = listeners.add((value) => heard.push(value))
    listeners.add(() => {
      throw new Error('broken listener')
    })
    listeners.add((value) => heard.push(value * 10))
    listeners.emit(1)
    remove()
    listeners.emit(2)
    expect(heard).toEqual([1, 10, 20])
    expect(errors).toHaveLength(2)
    expect(listeners.size).toBe(2)
  })
})

describe('systemClock', () => {
  it('follows fake timers installed after import, and clamps an over-long delay instead of firing at once', async () => {
    vi.setSystemTime(1_000)
    expect(systemClock.now()).toBe(1_000)
    let fired = false
    const handle = systemClock.setTimer(() => (fired = true), 3_000_000_000)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fired).toBe(false)
    systemClock.clearTimer(handle)
  })
})
