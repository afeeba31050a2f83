import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../shared/apiError'
import { createWritesInFlight, OTHER_BOOT_CAUSE, RENOUNCED_CAUSE } from './writesInFlight'

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

describe('renouncing request keys', () => {
  const renounced = (keys: string[]) => ({ ok: true, value: { renounced: keys } })

  it('renounces only the keys it never received, then refuses to send those, never calling the write', async () => {
    const writes = createWritesInFlight<number>({ bootId: 'boot-a' })
    await writes.track('draft-1:1.aa', undefined, async () => ok(1))
    expect(writes.renounce('boot-a', ['draft-1:1.aa', 'draft-2:1.bb'])).toEqual(renounced(['draft-2:1.bb']))

    let sent = 0
    const late = await writes.track('draft-2:1.bb', AbortSignal.abort(), async () => ok((sent += 1)))
    expect(sent).toBe(0)
    expect(late).toMatchObject({ ok: false, error: { code: 'network', details: { cause: RENOUNCED_CAUSE } } })
    // Nothing was out, and the refusal is kept for nobody; only the received key's answer is handed over.
    expect(writes.count()).toBe(0)
    expect(writes.takeSettled()).toEqual([{ requestKey: 'draft-1:1.aa', outcome: ok(1) }])
    // Asked again, it is still renounced (the page may ask twice after two reloads).
    expect(writes.renounce('boot-a', ['draft-2:1.bb'])).toEqual(renounced(['draft-2:1.bb']))
  })

  it('counts a write as received the moment it is asked for, even while it waits or is still out', async () => {
    const writes = createWritesInFlight<number>({ bootId: 'boot-a' })
    let answer: (value: ReturnType<typeof ok<number>>) => void = () => {}
    const out = writes.track('draft-3:2.cc', undefined, () => new Promise((resolve) => (answer = resolve)))
    expect(writes.renounce('boot-a', ['draft-3:2.cc'])).toEqual(renounced([]))
    answer(ok(3))
    expect(await out).toEqual(ok(3))
  })

  it('hands the answer of a key it received to the next page once that page names it: still out, or already answered unheard', async () => {
    const writes = createWritesInFlight<number>({ bootId: 'boot-a' })
    // The old page's last calls reached main only after it was gone, under the new page's (live) life.
    await writes.track('draft-5:1.ee', undefined, async () => ok(5))
    let answer: (value: ReturnType<typeof ok<number>>) => void = () => {}
    const out = writes.track('draft-6:1.ff', undefined, () => new Promise((resolve) => (answer = resolve)))
    expect(writes.takeSettled()).toEqual([])

    expect(writes.renounce('boot-a', ['draft-5:1.ee', 'draft-6:1.ff'])).toEqual(renounced([]))
    expect(writes.takeSettled()).toEqual([{ requestKey: 'draft-5:1.ee', outcome: ok(5) }])
    answer(ok(6))
    await out
    expect(writes.takeSettled()).toEqual([{ requestKey: 'draft-6:1.ff', outcome: ok(6) }])
    // Each once.
    expect(writes.renounce('boot-a', ['draft-5:1.ee', 'draft-6:1.ff'])).toEqual(renounced([]))
    expect(writes.takeSettled()).toEqual([])
  })

  it('renounces nothing claimed under another run of main', async () => {
    const writes = createWritesInFlight<number>({ bootId: 'boot-b' })
    expect(writes.renounce('boot-a', ['draft-4:1.dd'])).toMatchObject({ ok: false, error: { code: 'conflict', details: { cause: OTHER_BOOT_CAUSE } } })
    // So that key still goes out if asked.
    expect(await writes.track('draft-4:1.dd', undefined, async () => ok(4))).toEqual(ok(4))
  })

  it('makes a new boot id for each registry (each run of main)', () => {
    expect(createWritesInFlight<number>().bootId).not.toBe(createWritesInFlight<number>().bootId)
  })

  it('stops promising once it has forgotten a received key: memory stays bounded, and a forgotten key is never renounced', async () => {
    const writes = createWritesInFlight<number>({ bootId: 'boot-a', maxReceived: 2 })
    await writes.track('k:1', undefined, async () => ok(1))
    await writes.track('k:2', undefined, async () => ok(2))
    expect(writes.renounce('boot-a', ['never:1'])).toEqual(renounced(['never:1']))
    await writes.track('k:3', undefined, async () => ok(3))
    // 'k:1' was forgotten: it could be any key asked about now, so none is renounced.
    expect(writes.renounce('boot-a', ['k:1', 'never:2'])).toEqual(renounced([]))
    expect(await writes.track('never:2', undefined, async () => ok(5))).toEqual(ok(5))
  })

  it('renounces no more than maxRenounced keys: those past it are answered as possibly sent, and still go out', async () => {
    const writes = createWritesInFlight<number>({ bootId: 'boot-a', maxRenounced: 2 })
    expect(writes.renounce('boot-a', ['a:1', 'b:1', 'c:1'])).toEqual(renounced(['a:1', 'b:1']))
    expect(await writes.track('c:1', undefined, async () => ok(3))).toEqual(ok(3))
    expect(await writes.track('a:1', undefined, async () => ok(1))).toMatchObject({ ok: false, error: { details: { cause: RENOUNCED_CAUSE } } })
  })
})
