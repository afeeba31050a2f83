import { EventEmitter } from 'node:events'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/**
 * Two hundred PCs that lose the office link together must not probe the proxy together: the built app
 * against the Electron double, payroll out of reach (Chromium refuses every connection), fake timers and
 * a chosen Math.random. Each probe's delay is spread by the random draw; while the OS says the computer is
 * offline nothing is sent; resume from sleep probes at once.
 */
const { boot } = cleanUpAfterAll()
let online = true
let probes = 0
const random = vi.spyOn(Math, 'random').mockReturnValue(0)
vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
afterAll(() => {
  vi.useRealTimers()
  random.mockRestore()
})

/** Electron's net.request as Chromium answers when nothing listens: `net::ERR_CONNECTION_REFUSED`, at once. */
function refusingRequest() {
  probes += 1
  const request = new EventEmitter()
  return Object.assign(request, {
    setHeader: () => {},
    write: () => true,
    abort: () => {},
    end: () => queueMicrotask(() => request.emit('error', new Error('net::ERR_CONNECTION_REFUSED')))
  })
}

/** Lets the app's file reads and promise chains run, without moving the fake clock. */
async function settle(condition: () => boolean = () => false): Promise<void> {
  for (let turn = 0; turn < 2_000 && !condition(); turn++) {
    await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersByTimeAsync(0)
  }
}

async function probesAfter(ms: number): Promise<number> {
  const before = probes
  await vi.advanceTimersByTimeAsync(ms)
  await settle()
  return probes - before
}

describe('the connectivity probe of the built app', () => {
  it('spreads each delay by a random draw, sends nothing while the OS says offline, and probes at once on resume', async () => {
    const { double } = await boot(
      { LEAVE_DESK_API_URL: 'https://payroll.example.test' },
      {
        expectWindow: false,
        tamper: (electron) => Object.assign(electron.electron.net as object, { request: refusingRequest, isOnline: () => online })
      }
    )
    await settle(() => double.windows.length === 1 && probes === 1)
    expect(double.windows).toHaveLength(1)
    // The start-up probe found payroll out of reach. A young outage is probed every 500 ms, spread
    // between half and one and a half times that: with the lowest draw, 250 ms.
    expect(probes).toBe(1)
    expect(await probesAfter(249)).toBe(0)
    random.mockReturnValue(0.999)
    expect(await probesAfter(1)).toBe(1)
    // With the highest draw the next one waits 750 ms.
    expect(await probesAfter(749)).toBe(0)
    expect(await probesAfter(1)).toBe(1)

    // The OS says offline: the timer keeps looking, but nothing reaches the network, however long.
    online = false
    expect(await probesAfter(60_000)).toBe(0)
    // Back from sleep, online again: a probe at once, without waiting for the timer.
    online = true
    const beforeResume = probes
    ;(double.electron.powerMonitor as EventEmitter).emit('resume')
    await settle(() => probes > beforeResume)
    expect(probes - beforeResume).toBe(1)
  })
})
