import { describe, expect, it } from 'vitest'
import { connectivityMonitor, type ConnectivityStatus } from './connectivityMonitor'

/**
 * Timers that only run when the test says so, so probe delays can be read without waiting; firing one
 * moves the monitor's clock (`now`) forward by its delay, as real time would have passed.
 */
function manualTimers() {
  const pending: { run: () => void; ms: number; cancelled: boolean }[] = []
  let clock = 0
  return {
    pending,
    now: () => clock,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false }
      pending.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
    /** Runs the next live timer and returns its delay. */
    async fireNext(): Promise<number> {
      const timer = pending.find((t) => !t.cancelled)
      if (!timer) throw new Error('no timer pending')
      timer.cancelled = true
      clock += timer.ms
      timer.run()
      // Let the probe's promise settle.
      await new Promise((resolve) => setImmediate(resolve))
      return timer.ms
    },
    live: () => pending.filter((t) => !t.cancelled).length
  }
}

/** The middle of the jitter's range: each delay exactly as scheduled (the jitter has its own test). */
const NO_JITTER = () => 0.5

const outcome = (code: 'ok' | 'network' | 'proxy' | 'certificate' | 'unknown-outcome' | 'quota-exhausted' | 'server', status?: number) => ({
  operation: 'insertLeaveRequest',
  fileId: 1001,
  code,
  ...(status !== undefined ? { status } : {})
})

describe('connectivityMonitor', () => {
  it.each(['proxy', 'certificate'] as const)('a %s failure (nothing sent) makes payroll unreachable, like a network failure', (code) => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer, random: NO_JITTER, now: timers.now })
    monitor.record(outcome('ok', 200))
    monitor.record(outcome(code))
    expect(monitor.status().state).toBe('unreachable')
    monitor.stop()
  })

  it('goes unreachable on a network outcome, probes every 500 ms while the outage is young, then backs off to the cap', async () => {
    const timers = manualTimers()
    let probeAnswers = false
    const changes: ConnectivityStatus['state'][] = []
    const monitor = connectivityMonitor({
      probe: async () => probeAnswers,
      setTimer: timers.setTimer, random: NO_JITTER,
      now: timers.now,
      youngOutageMs: 2000,
      maxRetryMs: 8000
    })
    monitor.onChange((status) => changes.push(status.state))

    monitor.record(outcome('network'))
    expect(monitor.status().state).toBe('unreachable')
    const delays = []
    for (let i = 0; i < 9; i++) delays.push(await timers.fireNext())
    expect(delays).toEqual([500, 500, 500, 500, 1000, 2000, 4000, 8000, 8000])

    probeAnswers = true
    await timers.fireNext()
    expect(monitor.status().state).toBe('reachable')
    expect(timers.live()).toBe(0)
    expect(changes).toEqual(['unreachable', 'reachable'])
    monitor.stop()
  })

  it('by default probes every 500 ms for the first minute of an outage, so a short one is noticed within a second', async () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer, random: NO_JITTER, now: timers.now })
    monitor.record(outcome('network'))
    const delays = []
    for (let i = 0; i < 125; i++) delays.push(await timers.fireNext())
    expect(delays.slice(0, 120).every((delay) => delay === 500)).toBe(true)
    expect(delays.slice(120)).toEqual([1000, 2000, 4000, 8000, 16000])
    expect(await timers.fireNext()).toBe(30000)
    expect(await timers.fireNext()).toBe(30000)
    monitor.stop()
  })

  it('becomes reachable on any HTTP answer, even an error status, and stops probing', async () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer, random: NO_JITTER })
    monitor.record(outcome('network'))
    monitor.record(outcome('server', 500))
    expect(monitor.status().state).toBe('reachable')
    expect(timers.live()).toBe(0)
    monitor.stop()
  })

  it('is not moved by outcomes that say nothing about reachability', () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => true, setTimer: timers.setTimer, random: NO_JITTER })
    monitor.record(outcome('ok', 200))
    monitor.record(outcome('unknown-outcome'))
    monitor.record(outcome('quota-exhausted'))
    expect(monitor.status().state).toBe('reachable')
    monitor.stop()
  })

  it('treats the next outage as a young one again after the API was reachable', async () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer, random: NO_JITTER, now: timers.now, youngOutageMs: 1000 })
    monitor.record(outcome('network'))
    const delays = []
    for (let i = 0; i < 4; i++) delays.push(await timers.fireNext())
    expect(delays).toEqual([500, 500, 1000, 2000])
    monitor.record(outcome('ok', 200))
    monitor.record(outcome('network'))
    expect(await timers.fireNext()).toBe(500)
    expect(await timers.fireNext()).toBe(500)
    expect(await timers.fireNext()).toBe(1000)
    monitor.stop()
  })

  it('checks on demand, survives a throwing probe and a throwing listener, and stays quiet after stop', async () => {
    const timers = manualTimers()
    const heard: string[] = []
    const monitor = connectivityMonitor({
      probe: async () => {
        throw new Error('probe bug')
      },
      setTimer: timers.setTimer, random: NO_JITTER
    })
    monitor.onChange(() => {
      throw new Error('listener bug')
    })
    const unsubscribe = monitor.onChange((status) => heard.push(status.state))
    await monitor.checkNow()
    expect(monitor.status().state).toBe('unreachable')
    expect(heard).toEqual(['unreachable'])
    unsubscribe()
    monitor.stop()
    monitor.record(outcome('ok', 200))
    expect(monitor.status().state).toBe('unreachable')
    expect(timers.live()).toBe(0)
  })
})

describe('200 PCs losing the office link together', () => {
  it('spread their probes: each delay lies between half and one and a half times the schedule', async () => {
    const delays: number[] = []
    for (const draw of [0, 0.25, 0.999]) {
      const timers = manualTimers()
      const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer, now: timers.now, random: () => draw })
      monitor.record(outcome('network'))
      delays.push(await timers.fireNext())
      monitor.stop()
    }
    expect(delays).toEqual([250, 375, 750])
  })

  it('send nothing while the OS says they are offline, and probe at once when it says online again', async () => {
    const timers = manualTimers()
    let online = false
    let probes = 0
    const monitor = connectivityMonitor({ probe: async () => (probes++, false), setTimer: timers.setTimer, now: timers.now, random: NO_JITTER, isOnline: () => online })
    monitor.record(outcome('network'))
    for (let i = 0; i < 5; i++) await timers.fireNext()
    expect(probes).toBe(0)
    expect(timers.live()).toBe(1)
    online = true
    // The renderer's `online` event and a resume from sleep both call checkNow.
    await monitor.checkNow()
    expect(probes).toBe(1)
    await timers.fireNext()
    expect(probes).toBe(2)
    monitor.stop()
  })
})
