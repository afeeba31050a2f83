import { describe, expect, it } from 'vitest'
import { coalesced } from './coalesced'

describe('coalesced', () => {
  it('folds any number of requests made during a run into one follow-up run, never two at once', async () => {
    let running = 0
    let mostAtOnce = 0
    let runs = 0
    let release: () => void = () => {}
    const request = coalesced(async () => {
      runs += 1
      running += 1
      mostAtOnce = Math.max(mostAtOnce, running)
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve))
      running -= 1
      return runs
    })

    const first = request()
    const during = [request(), request(), request()]
    release()

    expect(await first).toBe(1)
    expect(await Promise.all(during)).toEqual([2, 2, 2])
    expect(runs).toBe(2)
    expect(mostAtOnce).toBe(1)
    expect(await request()).toBe(3)
  })

  it('passes a failed run’s error to its callers and keeps serving later requests', async () => {
    let calls = 0
    const request = coalesced(async () => {
      calls += 1
      if (calls === 1) throw new Error('disk full')
      return 'ok'
    })
    await expect(request()).rejects.toThrow('disk full')
    expect(await request()).toBe('ok')
  })
})
