import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../shared/apiError'
import { createWritesInFlight } from './writesInFlight'

describe('createWritesInFlight', () => {
  it('keeps at most maxKept unclaimed answers, dropping the oldest first', async () => {
    const writes = createWritesInFlight<number>({ maxKept: 2 })
    const gone = AbortSignal.abort()
    for (const n of [1, 2, 3]) await writes.track(`draft-${n}:1`, gone, async () => ok(n))
    expect(writes.takeSettled()).toEqual([
      { requestKey: 'draft-2:1', outcome: { ok: true, value: 2 } },
      { requestKey: 'draft-3:1', outcome: { ok: true, value: 3 } }
    ])
    expect(writes.takeSettled()).toEqual([])
  })

  it('keeps a failure too, so the reloaded page learns a write was never sent', async () => {
    const writes = createWritesInFlight<number>()
    const controller = new AbortController()
    const notSent = fail({ code: 'network', message: 'Not sent: the window that asked for it was reloaded.' })
    await writes.track('draft-1:1', controller.signal, async () => {
      controller.abort()
      return notSent
    })
    expect(writes.takeSettled()).toEqual([{ requestKey: 'draft-1:1', outcome: notSent }])
  })

  it('stops counting a write that threw, and keeps no answer for it', async () => {
    const writes = createWritesInFlight<number>()
    await expect(writes.track('draft-1:1', AbortSignal.abort(), async () => Promise.reject(new Error('bug')))).rejects.toThrow('bug')
    expect(writes.count()).toBe(0)
    expect(writes.list()).toEqual([])
    expect(writes.takeSettled()).toEqual([])
    expect(await writes.whenSettled(10)).toBe(true)
  })
})
