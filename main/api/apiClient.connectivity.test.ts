import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../sandbox'
import { createApiClient } from './apiClient'
import { connectivityMonitor } from './connectivityMonitor'
import { fixedAuth } from './testSupport/sandboxAuth'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
})
afterAll(async () => {
  await sandbox.close()
})

describe('connectivity from real outcomes and the probe', () => {
  it('goes unreachable when the sandbox is down and reachable again once a probe gets an answer', async () => {
    const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
    const timers: (() => void)[] = []
    const states: string[] = []
    let monitor: ReturnType<typeof connectivityMonitor> | null = null
    const client = createApiClient({
      baseUrl: sandbox.baseUrl,
      auth: fixedAuth({ kind: 'legacy', wsAccessKey, fileId }),
      onOutcome: (outcome) => monitor?.record(outcome)
    })
    monitor = connectivityMonitor({
      probe: () => client.probe(),
      setTimer: (run) => {
        timers.push(run)
        return () => undefined
      }
    })
    monitor.onChange((status) => states.push(status.state))
    try {
      // A fresh client has no kept-alive socket, so the failure below is a refused connection, not a cut one.
      await sandbox.faults.down()
      expect(await client.probe()).toBe(false)
      await client.listEntitlements(fileId)
      expect(monitor.status().state).toBe('unreachable')

      await sandbox.faults.up()
      expect(timers).toHaveLength(1) // a probe is scheduled while unreachable
      await monitor.checkNow()
      expect(monitor.status().state).toBe('reachable')
      expect(states).toEqual(['unreachable', 'reachable'])
    } finally {
      monitor.stop()
      await client.close()
    }
  })
})
