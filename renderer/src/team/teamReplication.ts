import type { LedgerFeed } from './ledgerFeed'
import type { TeamDb } from './teamDatabases'
import { setTeamStatus, teamAsOf } from './teamStatusStore'

/**
 * Live two-way replication between the replica and the team server that never gives up: PouchDB's own
 * `retry` keeps one remote handle, whose one-time set-up (create the database if missing) is never done
 * again, so a server that lost its data would stay unusable. Here each failure ends the round; after a
 * back-off a fresh remote handle starts the next one, which finds the server's checkpoints gone and
 * sends the replica's documents again: the replica rebuilds the server.
 *
 * The back-off grows to 30 s while the server stays away; a sign that it may be back (the computer came
 * online, main reached the network again, Test team server succeeded, a claim reached the server) cuts
 * the wait short (`retryNow`), never sooner than MIN_ROUND_GAP_MS after the last round failed, so a
 * stream of such signs against a server still down is one round a second at most, not a loop.
 */

/** The part of a PouchDB database replication uses; typed loosely, PouchDB's types stay in this folder. */
export interface ReplicatingDb {
  sync(remote: unknown, options: Record<string, unknown>): ReplicationHandle
  replicate: { from(remote: unknown, options: Record<string, unknown>): ReplicationHandle }
}
export interface ReplicationHandle {
  on(event: string, listener: (info?: unknown) => void): ReplicationHandle
  cancel(): void
}

export interface TeamReplicationDeps {
  local: ReplicatingDb
  /** A new remote handle per round. */
  openRemote(): TeamDb
  now?: () => number
  /** Waits between rounds; tests pass their own to see the waits instead of timing them. */
  wait?: (ms: number, stop: AbortSignal) => Promise<void>
  log?: (message: string) => void
  /** Told when each round's catch-up starts and ends, and what each of its batches wrote (ledgerFeed.ts). */
  catchUp?: Pick<LedgerFeed, 'catchingUp' | 'pulled'>
}

export interface TeamReplication {
  /** The remote handle of the current round (the claims write through it). */
  remote(): TeamDb
  /** The server may be back: end the back-off now (bounded by MIN_ROUND_GAP_MS); nothing while a round runs. */
  retryNow(): void
  stop(): Promise<void>
}

/**
 * Documents per replication batch. Each batch is a few round trips through main (changes, revisions,
 * documents, checkpoints on both sides): a clerk joining an office with years of requests waits for
 * those round trips, so batches are larger than PouchDB's 100; 500 requests are well under 1 MB. 1,000
 * and 2,000 were no faster in the page bench (30,000 requests): past 500 the time is per document.
 */
const BATCH_SIZE = 500

export const FIRST_RETRY_MS = 1_000
export const MAX_RETRY_MS = 30_000
/** The least time between a failed round and the next, however often retryNow is called. */
export const MIN_ROUND_GAP_MS = 1_000

export function startTeamReplication(deps: TeamReplicationDeps): TeamReplication {
  const now = deps.now ?? Date.now
  const wait = deps.wait ?? waitFor
  const log = deps.log ?? ((message: string) => console.warn(message))
  const stopping = new AbortController()
  let remote = deps.openRemote()
  let handle: ReplicationHandle | null = null
  let retryMs = FIRST_RETRY_MS
  /** Set while waiting out the back-off: aborting it starts the next round early. */
  let backOff: AbortController | null = null

  const rounds = (async () => {
    setTeamStatus({ state: 'syncing' })
    while (!stopping.signal.aborted) {
      const failed = await runRound()
      if (stopping.signal.aborted) break
      const endedAt = now()
      if (failed) {
        const asOf = teamAsOf()
        setTeamStatus(asOf === undefined ? { state: 'unreachable' } : { state: 'unreachable', asOf })
      }
      backOff = new AbortController()
      await wait(retryMs, AbortSignal.any([stopping.signal, backOff.signal]))
      const cutShort = backOff.signal.aborted
      backOff = null
      // Told the server may be back: at once, but never a round sooner than MIN_ROUND_GAP_MS after the last.
      const gap = endedAt + MIN_ROUND_GAP_MS - now()
      if (cutShort && gap > 0 && !stopping.signal.aborted) await wait(gap, stopping.signal)
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
      const previous = remote
      remote = deps.openRemote()
      void previous.close().catch(() => undefined)
    }
  })()

  /**
   * Each round first takes in what the server has (one way, until caught up), then replicates live both
   * ways. Run together from the start, the push takes every document the pull writes into the replica for
   * a change of its own and asks the server about it, in small batches with a checkpoint pair each, while
   * the joining clerk waits for the pull: now those requests come after it. (The push still asks in
   * batches of about 80 when it starts; see docs/benchmark.md.) A server that lost its data is still
   * refilled: its checkpoints went with it, so the push starts from the beginning.
   */
  async function runRound(): Promise<boolean> {
    const caughtUp = await new Promise<boolean>((resolve) => {
      const pull = deps.local.replicate.from(remote, { batch_size: BATCH_SIZE, timeout: 25_000 })
      handle = pull
      pull
        .on('active', showSyncing)
        .on('change', (info) => {
          // Only once documents arrive: a round against a server that does not answer pauses nothing.
          deps.catchUp?.catchingUp(true)
          deps.catchUp?.pulled((info as { docs?: unknown[] } | undefined)?.docs ?? [])
        })
        .on('denied', (info) => log(`Team server refused a document: ${describeError(info)}`))
        .on('error', (error) => {
          log(`Team replication stopped: ${describeError(error)}`)
          resolve(false)
        })
        .on('complete', (info) => resolve(!stopping.signal.aborted && (info as { ok?: boolean } | undefined)?.ok !== false))
    })
    deps.catchUp?.catchingUp(false)
    if (stopping.signal.aborted) return false
    if (!caughtUp) return true
    return syncLive()
  }

  function syncLive(): Promise<boolean> {
    return new Promise((resolve) => {
      const sync = deps.local.sync(remote, { live: true, retry: false, heartbeat: false, timeout: 25_000, batch_size: BATCH_SIZE })
      handle = sync
      sync
        .on('active', showSyncing)
        .on('paused', (error) => {
          if (error) return
          retryMs = FIRST_RETRY_MS
          setTeamStatus({ state: 'up-to-date', asOf: now() })
        })
        .on('denied', (info) => log(`Team server refused a document: ${describeError(info)}`))
        .on('error', (error) => {
          log(`Team replication stopped: ${describeError(error)}`)
          resolve(true)
        })
        .on('complete', () => resolve(stopping.signal.aborted ? false : true))
    })
  }

  return {
    remote: () => remote,
    retryNow() {
      backOff?.abort()
    },
    async stop() {
      stopping.abort()
      handle?.cancel()
      await rounds
      await remote.close().catch(() => undefined)
      setTeamStatus({ state: 'off' })
    }
  }
}

function showSyncing(): void {
  const asOf = teamAsOf()
  setTeamStatus(asOf === undefined ? { state: 'syncing' } : { state: 'syncing', asOf })
}

function waitFor(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    stop.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, name, message } = error as { status?: unknown; name?: unknown; message?: unknown }
    return [status, name, message].filter((part) => part !== undefined).join(' ')
  }
  return String(error)
}
