import type { ConnectivityStatus } from '../../shared/ipc/connectivity'
import type { ApiOutcome } from './apiOutcome'
import { createListenerSet } from '../../shared/primitives'

/**
 * Whether the payroll API can be reached, learned from real requests and, while it cannot, from a light
 * probe. Main pushes changes to the renderer, whose sync runner starts when the API becomes reachable
 * again. Most outages are short (a dropped Wi-Fi, a server restart), and the clerk is waiting on the
 * queue to resume: so a young outage is probed every half second, which lets the queue send again within
 * a second of the API coming back (the probe is a credential-less GET that counts against no quota).
 * An outage that outlasts a minute is a long one; the probe then backs off, doubling up to a cap.
 * Every delay is spread at random between half and one and a half times itself, so two hundred PCs that
 * lost the office link together do not probe the proxy together; while the operating system says the
 * computer is offline nothing is sent at all, and the OS coming back (`online`, resume from sleep) probes
 * at once through `checkNow`.
 */
export type Reachability = ConnectivityStatus['state']
export type { ConnectivityStatus }

export interface ConnectivityMonitor {
  status(): ConnectivityStatus
  /** Feed every request outcome here (the client's `onOutcome`). */
  record(outcome: ApiOutcome): void
  /** Probe now (at start-up, or when the OS says the network came back). */
  checkNow(): Promise<void>
  onChange(listener: (status: ConnectivityStatus) => void): () => void
  stop(): void
}

export interface ConnectivityMonitorOptions {
  /** Resolves true when the API gave any HTTP answer, false when it could not be reached. */
  probe: () => Promise<boolean>
  now?: () => number
  /** Schedules `run` after `ms`; returns a function that cancels it. */
  setTimer?: (run: () => void, ms: number) => () => void
  /** The probe's interval while the outage is young. Default 500 ms. */
  outageProbeMs?: number
  /** How long an outage counts as young. Default one minute. */
  youngOutageMs?: number
  /** After that the interval doubles (from twice outageProbeMs) up to this. Default 30 s. */
  maxRetryMs?: number
  /** 0 ≤ x < 1, for the jitter. Default Math.random. */
  random?: () => number
  /** Whether the OS says this computer is online (Electron's net.isOnline). Default: always. */
  isOnline?: () => boolean
}

const CANNOT_CONNECT: ReadonlySet<ApiOutcome['code']> = new Set(['network', 'proxy', 'certificate'])
const DEFAULT_OUTAGE_PROBE_MS = 500
const DEFAULT_YOUNG_OUTAGE_MS = 60_000
const DEFAULT_MAX_RETRY_MS = 30_000

export function connectivityMonitor(options: ConnectivityMonitorOptions): ConnectivityMonitor {
  const now = options.now ?? Date.now
  const setTimer = options.setTimer ?? defaultSetTimer
  const outageProbeMs = options.outageProbeMs ?? DEFAULT_OUTAGE_PROBE_MS
  const youngOutageMs = options.youngOutageMs ?? DEFAULT_YOUNG_OUTAGE_MS
  const maxRetryMs = options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS
  const random = options.random ?? Math.random
  const isOnline = options.isOnline ?? (() => true)
  const firstBackoffMs = Math.min(outageProbeMs * 2, maxRetryMs)
  const listeners = createListenerSet<ConnectivityStatus>()
  let current: ConnectivityStatus = { state: 'unknown', since: now() }
  /** When the current outage began (null while reachable), and the next delay once it is no longer young. */
  let outageSince: number | null = null
  let nextBackoffMs = firstBackoffMs
  let cancelTimer: (() => void) | null = null
  let stopped = false

  const clearTimer = () => {
    cancelTimer?.()
    cancelTimer = null
  }

  const nextDelay = () => {
    outageSince ??= now()
    if (now() - outageSince < youngOutageMs) return outageProbeMs
    const delay = nextBackoffMs
    nextBackoffMs = Math.min(nextBackoffMs * 2, maxRetryMs)
    return delay
  }

  const scheduleProbe = () => {
    if (stopped || cancelTimer) return
    const delay = Math.round(nextDelay() * (0.5 + random()))
    cancelTimer = setTimer(() => {
      cancelTimer = null
      // Offline by the OS's own account: no probe, just look again later.
      if (!isOnline()) return scheduleProbe()
      void runProbe()
    }, delay)
  }

  const become = (state: 'reachable' | 'unreachable') => {
    if (state === 'reachable') {
      clearTimer()
      outageSince = null
      nextBackoffMs = firstBackoffMs
    } else {
      scheduleProbe()
    }
    if (current.state === state) return
    current = { state, since: now() }
    listeners.emit(current)
  }

  const runProbe = async () => {
    let reached: boolean
    try {
      reached = await options.probe()
    } catch {
      reached = false
    }
    if (!stopped) become(reached ? 'reachable' : 'unreachable')
  }

  return {
    status: () => current,
    record(outcome) {
      if (stopped) return
      // Only two outcomes say something about reachability: an HTTP answer (it is up) and a failure to
      // connect (it is not). A timeout after sending, a refusal by our own quota, a signed-out session:
      // none of these tells us whether the server can be reached. A proxy that refuses and a certificate
      // this computer does not trust keep payroll out of reach just the same.
      if (outcome.status !== undefined) become('reachable')
      else if (CANNOT_CONNECT.has(outcome.code)) become('unreachable')
    },
    checkNow: () => (stopped ? Promise.resolve() : runProbe()),
    onChange(listener) {
      return listeners.add(listener)
    },
    stop() {
      stopped = true
      clearTimer()
      listeners.clear()
    }
  }
}

function defaultSetTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms)
  // A pending probe must not keep the app (or a test run) alive on its own.
  timer.unref?.()
  return () => clearTimeout(timer)
}
