import type { InsertUpdateResult } from '../../../shared/apiSchemas'
import { createApiClient } from '../../../main/api'
import { createWritesInFlight } from '../../../main/api/writesInFlight'
import { payrollKeyOf } from '../../../shared/ipc/writesInFlight'
import type { ContextualServices } from '../../../main/ipc/ipcDispatch'
import { DEMO_CREDENTIALS, type Sandbox, type SandboxOptions } from '../../../main/sandbox'
import { startMainServices } from '../../e2e/harness/mainServices'

/**
 * Main's real services (main/services.ts, through the e2e harness) against a peer sandbox the bench
 * can slow down, break and count, signed in as the demo clerk.
 *
 * `pacing: 'none'` is the app's composition for its embedded sandbox, which has no rate limiter and no
 * daily quota: the leave-request channel goes to an API client built without them, on the same session
 * and connectivity monitor. The services reach the peer sandbox as a remote API, and the app always
 * paces a remote API (at most 50/s); a figure about the queue's own cost must not be a figure of that pacing.
 */
export interface BenchMain {
  sandbox: Sandbox
  services: ContextualServices
  /** The leave-request inserts on the wire, with `pacing: 'none'`. */
  wire: WireWatch
  log: string[]
  close(): Promise<void>
}

export interface BenchMainOptions {
  sandbox?: SandboxOptions
  /** Requests per second of main's limiter, or 'none' for the embedded-sandbox composition. */
  pacing: number | 'none'
}

export async function startBenchMain(options: BenchMainOptions): Promise<BenchMain> {
  const main = await startMainServices({
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(typeof options.pacing === 'number' ? { settings: { requestsPerSecond: options.pacing } } : {})
  })
  const closers: (() => Promise<void>)[] = [() => main.close()]
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer()
  }
  const wire = wireWatch()
  try {
    let services = main.running.services
    if (options.pacing === 'none') {
      const backend = main.running.backend()
      const client = createApiClient({
        baseUrl: main.sandbox.baseUrl,
        auth: backend.session,
        onOutcome: (outcome) => backend.connectivity.record(outcome)
      })
      closers.push(() => client.close())
      // Through a writes registry as services.ts does, so the figure keeps main's bookkeeping per write.
      const writes = createWritesInFlight<InsertUpdateResult>()
      services = {
        ...services,
        insertLeaveRequest: (fileId, body, requestKey, payroll, context) =>
          writes.track({ requestKey, payroll, current: payrollKeyOf(backend.info), signal: context?.signal }, () => wire.timed(() => client.insertLeaveRequest(fileId, body, context?.signal ? { signal: context.signal } : {})))
      }
    }
    const signedIn = await services.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
    if (!signedIn.ok) throw new Error(`The bench could not sign in: ${signedIn.error.message}`)
    return { sandbox: main.sandbox, services, wire, log: main.log, close }
  } catch (error) {
    await close().catch(() => undefined)
    throw error
  }
}

/**
 * How busy the wire was: each insert's time on it, and the share of `places` × the span (first request
 * out to last answer in) during which a place had no request: what the queue leaves idle that raw
 * posting at the same concurrency would not.
 */
export interface WireWatch {
  timed<T>(send: () => Promise<T>): Promise<T>
  reset(): void
  summary(places: number): { onWireP50Ms: number; idleShare: number; requests: number }
}

function wireWatch(): WireWatch {
  let onWire = 0
  let busyMs = 0
  let since = 0
  let first: number | undefined
  let last = 0
  let times: number[] = []
  const step = (now: number, change: number) => {
    busyMs += onWire * (now - since)
    since = now
    onWire += change
  }
  return {
    async timed(send) {
      const started = performance.now()
      first ??= started
      step(started, 1)
      try {
        return await send()
      } finally {
        const ended = performance.now()
        step(ended, -1)
        last = ended
        times.push(ended - started)
      }
    },
    reset() {
      busyMs = 0
      first = undefined
      times = []
      since = performance.now()
    },
    summary(places) {
      const span = first === undefined ? 0 : last - first
      const sorted = [...times].sort((a, b) => a - b)
      return {
        onWireP50Ms: Math.round((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN) * 100) / 100,
        idleShare: span > 0 ? Math.round((1 - busyMs / (places * span)) * 1000) / 1000 : Number.NaN,
        requests: times.length
      }
    }
  }
}
