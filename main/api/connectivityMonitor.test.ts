import { describe, expect, it } from 'vitest'
import { connectivityMonitor, type ConnectivityStatus } from './connectivityMonitor'

/** Timers that only run when the test says so, so backoff delays can be read without waiting. */
function manualTimers() {
  const pending: { run: () => void; ms: number; cancelled: boolean }[] = []
  return {
    pending,
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
      timer.run()
      // Let the probe's promise settle.
      await new Promise((resolve) => setImmediate(resolve))
      return timer.ms
    },
    live: () => pending.filter((t) => !t.cancelled).length
  }
}

const outcome = (code: 'ok' | 'network' | 'unknown-outcome' | 'quota-exhausted' | 'server', status?: number) => ({
  operation: 'insertLeaveRequest',
  fileId: 1001,
  code,
  ...(status !== undefined ? { status } : {})
})

describe('connectivityMonitor', () => {
  it('goes unreachable on a network outcome and probes with doubling delays, capped, until an answer comes', async () => {
    const timers = manualTimers()
    let probeAnswers = false
    const changes: ConnectivityStatus['state'][] = []
    const monitor = connectivityMonitor({ probe: async () => probeAnswers, setTimer: timers.setTimer, maxRetryMs: 8000 })
    monitor.onChange((status) => changes.push(status.state))

    monitor.record(outcome('network'))
    expect(monitor.status().state).toBe('unreachable')
    const delays = []
    for (let i = 0; i < 5; i++) delays.push(await timers.fireNext())
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000])

    probeAnswers = true
    await timers.fireNext()
    expect(monitor.status().state).toBe('reachable')
    expect(timers.live()).toBe(0)
    expect(changes).toEqual(['unreachable', 'reachable'])
    monitor.stop()
  })

  it('becomes reachable on any HTTP answer, even an error status, and stops probing', async () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer })
    monitor.record(outcome('network'))
    monitor.record(outcome('server', 500))
    expect(monitor.status().state).toBe('reachable')
    expect(timers.live()).toBe(0)
    monitor.stop()
  })

  it('is not moved by outcomes that say nothing about reachability', () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => true, setTimer: timers.setTimer })
    monitor.record(outcome('ok', 200))
    monitor.record(outcome('unknown-outcome'))
    monitor.record(outcome('quota-exhausted'))
    expect(monitor.status().state).toBe('reachable')
    monitor.stop()
  })

  it('restarts the backoff from the first delay after the API was reachable again', async () => {
    const timers = manualTimers()
    const monitor = connectivityMonitor({ probe: async () => false, setTimer: timers.setTimer })
    monitor.record(outcome('network'))
    await timers.fireNext()
    await timers.fireNext()
    monitor.record(outcome('ok', 200))
    monitor.record(outcome('network'))
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
      setTimer: timers.setTimer
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
