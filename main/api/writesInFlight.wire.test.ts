import { describe, expect, it } from 'vitest'
import { fail, ok, type ApiErrorCode, type ApiResult } from '../../shared/apiError'
import { createInFlightRequests } from '../inFlightRequests'
import { createWirePool } from './wirePool'
import { NOT_SENT_ASKER_GONE_CAUSE } from './authorizedSender'
import { createWritesInFlight, HELD_BACK_CAUSE, RENOUNCED_CAUSE } from './writesInFlight'

/** A stand-in for payroll: records which writes left, and answers each when the test says. */
function fakeWire() {
  const sent: string[] = []
  const answers = new Map<string, (value: ApiResult<number>) => void>()
  let onWire = 0
  let mostOnWire = 0
  return {
    sent,
    mostOnWire: () => mostOnWire,
    write: (key: string, value = 1) => () => {
      sent.push(key)
      onWire += 1
      mostOnWire = Math.max(mostOnWire, onWire)
      return new Promise<ApiResult<number>>((resolve) =>
        answers.set(key, (answer) => {
          onWire -= 1
          resolve(answer)
        })
      ).then((answer) => (answer.ok ? ok(value) : answer))
    },
    answer(key: string) {
      answers.get(key)?.(ok(1))
    },
    refuse(key: string, code: ApiErrorCode) {
      answers.get(key)?.(fail({ code, message: `refused ${key}` }))
    }
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Payroll answers the batch's first insert with `code`; then a lane hands its next write over ('b:1'). */
async function refusedThenHandedOver(code: ApiErrorCode, stopGraceMs: number) {
  const wire = fakeWire()
  const writes = createWritesInFlight<number>({ bootId: 'boot-a', wirePool: createWirePool(2), stopGraceMs })
  const first = writes.track('a:1', undefined, wire.write('a:1'), 'insert')
  wire.refuse('a:1', code)
  await first
  const late = writes.track('b:1', undefined, wire.write('b:1'), 'insert')
  await settle()
  return { wire, writes, late }
}

describe('the queue’s writes on the wire', () => {
  it('puts at most N named writes on the wire and sends the rest in the order they came, one as each answer is in', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(2) })
    const calls = ['a:1', 'b:1', 'c:1', 'd:1', 'e:1'].map((key) => writes.track(key, undefined, wire.write(key)))
    expect(wire.sent).toEqual(['a:1', 'b:1'])
    wire.answer('b:1')
    await settle()
    expect(wire.sent).toEqual(['a:1', 'b:1', 'c:1'])
    for (const key of ['a:1', 'c:1', 'd:1', 'e:1']) {
      wire.answer(key)
      await settle()
    }
    expect(await Promise.all(calls)).toEqual(calls.map(() => ok(1)))
    expect(wire.sent).toEqual(['a:1', 'b:1', 'c:1', 'd:1', 'e:1'])
    expect(wire.mostOnWire()).toBe(2)
    // Everything waited and sent counted as out until answered (quit waits for them).
    expect(writes.count()).toBe(0)
  })

  it('payroll refusing an insert’s file stops the batch in main: no held write takes the freed place, each answers “not sent”', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(2) })
    const calls = ['a:1', 'b:1', 'c:1', 'd:1'].map((key) => writes.track(key, undefined, wire.write(key), 'insert'))
    wire.refuse('a:1', 'forbidden')
    await settle()
    expect(wire.sent).toEqual(['a:1', 'b:1'])
    for (const held of [calls[2], calls[3]]) {
      expect(await held).toMatchObject({ ok: false, error: { code: 'network', details: { cause: RENOUNCED_CAUSE } } })
    }
    wire.answer('b:1')
    expect(await calls[1]).toEqual(ok(1))
    // Withdrawn for good: the same key handed over again is refused, never sent.
    expect(await writes.track('c:1', undefined, wire.write('c:1'), 'insert')).toMatchObject({ error: { details: { cause: RENOUNCED_CAUSE } } })
    expect(wire.sent).toEqual(['a:1', 'b:1'])
  })

  it('a write a lane hands over before the page hears the refusal waits, and the page’s renouncement withdraws it', async () => {
    const { wire, writes, late } = await refusedThenHandedOver('forbidden', 10_000)
    expect(wire.sent).toEqual(['a:1'])
    expect(writes.renounce('boot-a', ['b:1'])).toEqual(ok({ renounced: ['b:1'] }))
    expect(await late).toMatchObject({ ok: false, error: { details: { cause: RENOUNCED_CAUSE } } })
    expect(wire.sent).toEqual(['a:1'])
  })

  it('with no renouncement the held write goes once the moment has passed (a page that cannot renounce is only delayed)', async () => {
    const { wire, late: next } = await refusedThenHandedOver('unauthorized', 20)
    expect(wire.sent).toEqual(['a:1'])
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(wire.sent).toEqual(['a:1', 'b:1'])
    wire.answer('b:1')
    expect(await next).toEqual(ok(1))
  })

  it('a page that went away stops nothing: the next page’s held write still goes at once', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(1), stopGraceMs: 10_000 })
    const gone = fail({ code: 'network', message: 'gone', details: { cause: NOT_SENT_ASKER_GONE_CAUSE } })
    const first = writes.track('a:1', undefined, () => Promise.resolve(gone), 'insert')
    const held = writes.track('b:1', undefined, wire.write('b:1'), 'insert')
    await first
    await settle()
    wire.answer('b:1')
    expect(await held).toEqual(ok(1))
  })

  it('an update’s 404 is about that one record: the held writes go on', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(1) })
    const gone = writes.track('a:1', undefined, wire.write('a:1'), 'other')
    const held = writes.track('b:1', undefined, wire.write('b:1'), 'other')
    wire.refuse('a:1', 'not-found')
    expect(await gone).toMatchObject({ ok: false, error: { code: 'not-found' } })
    await settle()
    wire.answer('b:1')
    expect(await held).toEqual(ok(1))
    expect(wire.sent).toEqual(['a:1', 'b:1'])
  })

  it('payroll unreachable stops every held write, insert or update', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(1) })
    const first = writes.track('a:1', undefined, wire.write('a:1'), 'other')
    const held = writes.track('b:1', undefined, wire.write('b:1'), 'other')
    wire.refuse('a:1', 'network')
    await first
    expect(await held).toMatchObject({ ok: false, error: { details: { cause: RENOUNCED_CAUSE } } })
    expect(wire.sent).toEqual(['a:1'])
  })

  it('never holds an unnamed call (a read) behind the named writes', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(1) })
    void writes.track('a:1', undefined, wire.write('a:1'))
    void writes.track('b:1', undefined, wire.write('b:1'))
    void writes.track(undefined, undefined, wire.write('read'))
    expect(wire.sent).toEqual(['a:1', 'read'])
  })

  it('withdraws a write still waiting when it is renounced: it is never sent and its call answers the renounced refusal', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ bootId: 'boot-a', wirePool: createWirePool(1) })
    const first = writes.track('a:1', undefined, wire.write('a:1'))
    const waiting = writes.track('b:1', undefined, wire.write('b:1'))
    const after = writes.track('c:1', undefined, wire.write('c:1'))

    // The one on the wire may have reached payroll: never renounced. The waiting one is.
    expect(writes.renounce('boot-a', ['a:1', 'b:1'])).toEqual(ok({ renounced: ['b:1'] }))
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'network', details: { cause: RENOUNCED_CAUSE } } })
    wire.answer('a:1')
    expect(await first).toEqual(ok(1))
    await settle()
    wire.answer('c:1')
    expect(await after).toEqual(ok(1))
    expect(wire.sent).toEqual(['a:1', 'c:1'])
    // Asked again (a second reload), it is still renounced. Only the sent one's answer is kept for the
    // page that named it; nothing of the withdrawn one.
    expect(writes.renounce('boot-a', ['b:1'])).toEqual(ok({ renounced: ['b:1'] }))
    expect(writes.takeSettled().map((settled) => settled.requestKey)).toEqual(['a:1'])
  })

  it('withdraws a waiting write whose page went away, and a reloaded page may then renounce it', async () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ bootId: 'boot-a', wirePool: createWirePool(1) })
    const page = new AbortController()
    void writes.track('a:1', undefined, wire.write('a:1'))
    const waiting = writes.track('b:1', page.signal, wire.write('b:1'))
    page.abort()
    expect(await waiting).toMatchObject({ ok: false, error: { details: { cause: RENOUNCED_CAUSE } } })
    wire.answer('a:1')
    await settle()
    expect(wire.sent).toEqual(['a:1'])
    expect(writes.renounce('boot-a', ['b:1'])).toEqual(ok({ renounced: ['b:1'] }))
  })

  it('refuses the waiting writes as held back when a restart to update holds new ones, and settles once the wire is empty', async () => {
    const wire = fakeWire()
    const inFlight = createInFlightRequests()
    const writes = createWritesInFlight<number>({ inFlight, wirePool: createWirePool(1) })
    const out = writes.track('a:1', undefined, wire.write('a:1'))
    const waiting = writes.track('b:1', undefined, wire.write('b:1'))
    expect(writes.count()).toBe(2)

    inFlight.holdNew('Leave Desk is restarting to update.')
    const settled = writes.whenSettled(5_000)
    wire.answer('a:1')
    expect(await out).toEqual(ok(1))
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'network', details: { cause: HELD_BACK_CAUSE } } })
    expect(await settled).toBe(true)
    expect(wire.sent).toEqual(['a:1'])
  })

  it('lists a waiting write among those not yet answered, so a reloaded page knows it is still in main', () => {
    const wire = fakeWire()
    const writes = createWritesInFlight<number>({ wirePool: createWirePool(1) })
    void writes.track('a:1', undefined, wire.write('a:1'))
    void writes.track('b:1', undefined, wire.write('b:1'))
    expect(writes.list().map((write) => write.requestKey)).toEqual(['a:1', 'b:1'])
  })
})
