import { describe, expect, it } from 'vitest'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import { OTHER_PAYROLL_CAUSE } from '../../shared/ipc/writesInFlight'
import { createWritesInFlight, HELD_BACK_CAUSE } from './writesInFlight'

const A = 'https://payroll-a.example'
const asker = (requestKey: string | undefined, signal?: AbortSignal) => ({ requestKey, payroll: A, current: A, signal })

describe('createWritesInFlight', () => {
  it('keeps at most maxKept unclaimed answers, dropping the oldest first', async () => {
    const writes = createWritesInFlight<number>({ maxKept: 2 })
    const gone = AbortSignal.abort()
    for (const n of [1, 2, 3]) await writes.track(asker(`draft-${n}:1`, gone), async () => ok(n))
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
    await writes.track(asker('draft-1:1', controller.signal), async () => {
      controller.abort()
      return notSent
    })
    expect(writes.takeSettled()).toEqual([{ requestKey: 'draft-1:1', outcome: notSent }])
  })

  it('keeps nothing for a page that received its answer', async () => {
    const writes = createWritesInFlight<number>()
    await writes.track(asker('draft-1:1', new AbortController().signal), async () => ok(1))
    expect(writes.takeSettled()).toEqual([])
  })

  it('stops counting a write that threw, and keeps no answer for it', async () => {
    const writes = createWritesInFlight<number>()
    await expect(writes.track(asker('draft-1:1', AbortSignal.abort()), async () => Promise.reject(new Error('bug')))).rejects.toThrow('bug')
    expect(writes.count()).toBe(0)
    expect(writes.list()).toEqual([])
    expect(writes.takeSettled()).toEqual([])
    expect(await writes.whenSettled(10)).toBe(true)
  })

  it('lists a named write until it is answered', async () => {
    const writes = createWritesInFlight<number>({ now: () => 7 })
    let answer: (value: ApiResult<number>) => void = () => {}
    const out = writes.track(asker('draft-2:1'), () => new Promise((resolve) => (answer = resolve)))
    expect(writes.list()).toEqual([{ requestKey: 'draft-2:1', startedAt: 7 }])
    answer(ok(2))
    await out
    expect(writes.list()).toEqual([])
  })
})

describe('a request key main already received', () => {
  it('three sends of one key make one record: the repeats get that write’s own outcome', async () => {
    const writes = createWritesInFlight<number>()
    let sent = 0
    let answer: (value: ApiResult<number>) => void = () => {}
    const write = () => {
      sent += 1
      return new Promise<ApiResult<number>>((resolve) => (answer = resolve))
    }
    const first = writes.track(asker('draft-1:1'), write)
    // One while the first is still out, one after it was answered.
    const second = writes.track(asker('draft-1:1'), write)
    answer(ok(101))
    expect(await first).toEqual(ok(101))
    const third = await writes.track(asker('draft-1:1'), write)
    expect(sent).toBe(1)
    expect(await second).toEqual(ok(101))
    expect(third).toEqual(ok(101))
  })

  it('a write that threw (maybe never sent) does not answer for its key', async () => {
    const writes = createWritesInFlight<number>()
    await expect(writes.track(asker('draft-1:1'), async () => Promise.reject(new Error('bug')))).rejects.toThrow('bug')
    expect(await writes.track(asker('draft-1:1'), async () => ok(1))).toEqual(ok(1))
  })

  it('remembers at most maxReceived keys, forgetting the oldest first', async () => {
    const writes = createWritesInFlight<number>({ maxReceived: 2 })
    let sent = 0
    for (const key of ['k:1', 'k:2', 'k:3', 'k:3', 'k:1']) await writes.track(asker(key), async () => ok((sent += 1)))
    expect(sent).toBe(4)
  })
})

describe('refusals before anything is sent', () => {
  it('refuses a write written for another payroll than the one it would reach, and sends nothing', async () => {
    const writes = createWritesInFlight<number>()
    let sent = 0
    const answer = await writes.track({ requestKey: 'draft-1:1', payroll: 'practice', current: A }, async () => ok((sent += 1)))
    expect(sent).toBe(0)
    expect(answer).toMatchObject({ ok: false, error: { code: 'network', details: { cause: OTHER_PAYROLL_CAUSE } } })
    // Refused, not received: nothing is listed or kept.
    expect(writes.list()).toEqual([])
  })

  it('refuses new writes while they are held back, and lets them go again once released', async () => {
    const writes = createWritesInFlight<number>()
    const release = writes.holdNew('Restarting to update.')
    expect(await writes.track(asker('draft-1:1'), async () => ok(1))).toMatchObject({
      ok: false,
      error: { code: 'network', message: 'Restarting to update.', details: { cause: HELD_BACK_CAUSE } }
    })
    release()
    expect(await writes.track(asker('draft-1:1'), async () => ok(1))).toEqual(ok(1))
  })
})
