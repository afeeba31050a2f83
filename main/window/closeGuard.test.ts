import { describe, expect, it } from 'vitest'
import { createCloseGuard } from './closeGuard'
import { createInFlightRequests } from '../inFlightRequests'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

function closeEvent() {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) }
  return event
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('closing while requests are being sent', () => {
  it('closes at once when nothing is in flight, without asking', () => {
    const asked: number[] = []
    const guard = createCloseGuard({ inFlight: createInFlightRequests(), ask: async (n) => (asked.push(n), true) })
    const event = closeEvent()
    let closed = 0
    guard.intercept(event, () => closed++)
    expect(event.prevented).toBe(false)
    expect(asked).toEqual([])
    expect(closed).toBe(0) // the event itself goes ahead; nothing to repeat
  })

  it('asks, waits for the answer to be recorded, then closes once; a quit after it does not ask again', async () => {
    const inFlight = createInFlightRequests()
    const answer = deferred<string>()
    const recorded: string[] = []
    void inFlight.track(answer.promise.then((value) => void recorded.push(value)))
    const asked: number[] = []
    const guard = createCloseGuard({ inFlight, ask: async (n) => (asked.push(n), true) })
    let closed = 0
    const first = closeEvent()
    guard.intercept(first, () => closed++)
    guard.intercept(closeEvent(), () => closed++) // a second Ctrl+Q while the question is open
    expect(first.prevented).toBe(true)
    await tick()
    expect(asked).toEqual([1])
    expect(closed).toBe(0)

    answer.resolve('accepted by payroll')
    await tick()
    await tick()
    expect(recorded).toEqual(['accepted by payroll'])
    expect(closed).toBe(1)

    void inFlight.track(new Promise(() => {}))
    const afterwards = closeEvent()
    guard.intercept(afterwards, () => closed++)
    expect(afterwards.prevented).toBe(false)
    expect(asked).toEqual([1])

    // macOS: the app outlived its window; a new window's close asks again.
    guard.rearm()
    const newWindow = closeEvent()
    guard.intercept(newWindow, () => closed++)
    expect(newWindow.prevented).toBe(true)
    await tick()
    expect(asked).toEqual([1, 1])
  })

  it('keeps the window when the clerk chooses to keep working, and asks again next time', async () => {
    const inFlight = createInFlightRequests()
    void inFlight.track(new Promise(() => {}))
    const answers = [false, true]
    const guard = createCloseGuard({ inFlight, ask: async () => answers.shift() ?? false, settleTimeoutMs: 20 })
    let closed = 0
    guard.intercept(closeEvent(), () => closed++)
    await tick()
    expect(closed).toBe(0)

    const logged: string[] = []
    const second = createCloseGuard({ inFlight, ask: async () => true, settleTimeoutMs: 20, log: (m) => logged.push(m) })
    second.intercept(closeEvent(), () => closed++)
    await new Promise((resolve) => setTimeout(resolve, 60))
    // An answer that never comes does not hold the app open for ever.
    expect(closed).toBe(1)
    expect(logged).toEqual(['Closing with 1 request(s) still unanswered after 20 ms'])
  })
})

describe('createInFlightRequests', () => {
  it('counts requests until they settle, failed ones included', async () => {
    const inFlight = createInFlightRequests()
    const ok = deferred<number>()
    const failing = deferred<number>()
    const tracked = inFlight.track(ok.promise)
    void inFlight.track(failing.promise.then(() => Promise.reject(new Error('reset')))).catch(() => undefined)
    expect(inFlight.count()).toBe(2)
    const settled = inFlight.whenSettled(1000)
    ok.resolve(7)
    expect(await tracked).toBe(7)
    failing.resolve(0)
    expect(await settled).toBe(true)
    expect(inFlight.count()).toBe(0)
  })
})
