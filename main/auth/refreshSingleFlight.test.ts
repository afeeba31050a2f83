import { describe, expect, it } from 'vitest'
import { refreshSingleFlight } from './refreshSingleFlight'

describe('refreshSingleFlight', () => {
  it('gives every caller during a run the same outcome, and starts afresh afterwards', async () => {
    let started = 0
    let finish: (value: string) => void = () => undefined
    const flight = refreshSingleFlight(() => {
      started += 1
      return new Promise<string>((resolve) => {
        finish = resolve
      })
    })
    const callers = Array.from({ length: 20 }, () => flight.run())
    expect(flight.active()).toBe(true)
    finish('first')
    expect(await Promise.all(callers)).toEqual(Array(20).fill('first'))
    expect(flight.active()).toBe(false)
    const next = flight.run()
    finish('second')
    expect(await next).toBe('second')
    expect(started).toBe(2)
  })

  it('lets the next caller try again after a run that failed', async () => {
    let attempt = 0
    const flight = refreshSingleFlight(async () => {
      attempt += 1
      if (attempt === 1) throw new Error('boom')
      return attempt
    })
    await expect(flight.run()).rejects.toThrow('boom')
    await expect(flight.run()).resolves.toBe(2)
  })
})
