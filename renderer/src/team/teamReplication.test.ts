import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TeamDb } from './teamDatabases'
import { FIRST_RETRY_MS, MIN_ROUND_GAP_MS, startTeamReplication, type ReplicatingDb, type ReplicationHandle } from './teamReplication'

/**
 * Replication's back-off against a team server that is down, with the waits and the clock in the test's
 * hands: a sign that the server may be back ends the back-off at once, yet however many signs come,
 * rounds against a server still down stay at least MIN_ROUND_GAP_MS apart.
 */
function downServer() {
  let rounds = 0
  const failing = (): ReplicationHandle => {
    rounds += 1
    const listeners = new Map<string, (info?: unknown) => void>()
    const handle: ReplicationHandle = {
      on(event, listener) {
        listeners.set(event, listener)
        return handle
      },
      cancel() {}
    }
    setTimeout(() => listeners.get('error')?.({ status: 0, message: 'connection refused' }), 0)
    return handle
  }
  const local: ReplicatingDb = { sync: failing, replicate: { from: failing } }
  return { local, rounds: () => rounds }
}

function heldWaits() {
  const pending: Array<{ ms: number; resolve: () => void }> = []
  const wait = (ms: number, stop: AbortSignal) =>
    new Promise<void>((resolve) => {
      pending.push({ ms, resolve })
      stop.addEventListener('abort', () => resolve(), { once: true })
    })
  return { wait, pending }
}

const remote = { close: async () => undefined } as unknown as TeamDb
let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  stop = undefined
})

describe('replication against a team server that is down', () => {
  it('waits out its back-off until told the server may be back, then goes at once; many signs make no loop', async () => {
    const server = downServer()
    const waits = heldWaits()
    const clock = { now: 0 }
    const replication = startTeamReplication({ local: server.local, openRemote: () => remote, wait: waits.wait, now: () => clock.now, log: () => {} })
    stop = () => replication.stop()
    await vi.waitFor(() => expect(waits.pending).toHaveLength(1))
    expect(server.rounds()).toBe(1)
    expect(waits.pending[0]?.ms).toBe(FIRST_RETRY_MS)

    // A second later, a sign: the next round starts at once, without waiting out the back-off.
    clock.now += MIN_ROUND_GAP_MS
    replication.retryNow()
    await vi.waitFor(() => expect(server.rounds()).toBe(2))
    await vi.waitFor(() => expect(waits.pending).toHaveLength(2))
    expect(waits.pending[1]?.ms).toBe(2 * FIRST_RETRY_MS)

    // Signs straight after a failed round: one wait for the rest of the gap, and no round meanwhile.
    for (let sign = 0; sign < 50; sign += 1) replication.retryNow()
    await vi.waitFor(() => expect(waits.pending).toHaveLength(3))
    expect(waits.pending[2]?.ms).toBe(MIN_ROUND_GAP_MS)
    for (let sign = 0; sign < 50; sign += 1) replication.retryNow()
    // A failing round would need a turn of the event loop (its error comes from a timer): give it some.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve))
    expect(server.rounds()).toBe(2)
    expect(waits.pending).toHaveLength(3)
    waits.pending[2]?.resolve()
    await vi.waitFor(() => expect(server.rounds()).toBe(3))
  })
})
