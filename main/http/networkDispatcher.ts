import { Agent, Dispatcher, ProxyAgent } from 'undici'
import type { LookupFunction } from 'node:net'
import { isLocalhostName, loopbackCheckedLookup } from './loopbackLookup'
import { DIRECT, proxyRouteFrom, type ProxyRoute } from './proxyRoute'

/**
 * Main's one way onto the network: per origin, the system's proxy choice (Electron's
 * `session.resolveProxy`, injected so Node tests run it) and a TLS trust list that includes the OS store
 * (trustedCertificates). Direct origins share one keep-alive Agent; each proxy gets a ProxyAgent, which
 * tunnels with CONNECT, so a proxy that refuses does so before any byte of the request left.
 */
export interface NetworkOptions {
  /** `session.resolveProxy` in the app; default: always DIRECT. */
  resolveProxy?: (url: string) => Promise<string>
  /** Roots to trust, or undefined for Node's own (see trustedCertificates). */
  ca?: string[] | undefined
  connectTimeoutMs?: number
  /** How long one origin's proxy answer is reused before asking again (networks change). Default 60 s. */
  routeTtlMs?: number
  now?: () => number
  /** Name resolution (default `dns.lookup`); a localhost name must resolve to this computer either way. */
  lookup?: LookupFunction
}

/** `code` of the error a request gets when its proxy failed it before it started. */
export const PROXY_FAILED = 'LEAVE_DESK_PROXY_FAILED'

export function createNetworkDispatcher(options: NetworkOptions = {}): Dispatcher {
  return new NetworkDispatcher(options)
}

class NetworkDispatcher extends Dispatcher {
  private readonly direct: Agent
  private readonly proxies = new Map<string, ProxyAgent>()
  private readonly routes = new Map<string, { route: Promise<ProxyRoute>; at: number }>()
  private closed = false

  constructor(private readonly options: NetworkOptions) {
    super()
    this.direct = new Agent({ connect: this.connectOptions() })
  }

  private connectOptions() {
    return {
      timeout: this.options.connectTimeoutMs ?? 10_000,
      lookup: loopbackCheckedLookup(this.options.lookup),
      ...(this.options.ca ? { ca: this.options.ca } : {})
    }
  }

  private routeFor(origin: string): Promise<ProxyRoute> {
    const resolve = this.options.resolveProxy
    // This computer is never reached through a proxy: the proxy would resolve the name on its own machine.
    if (!resolve || isLocalhostName(new URL(origin).hostname)) return Promise.resolve(DIRECT)
    const now = (this.options.now ?? Date.now)()
    const cached = this.routes.get(origin)
    if (cached && now - cached.at < (this.options.routeTtlMs ?? 60_000)) return cached.route
    // A resolver that fails (rejects or throws) tells us nothing about a proxy: go direct, as Chromium does.
    const route = Promise.resolve()
      .then(() => resolve(`${origin}/`))
      .then(proxyRouteFrom, () => DIRECT)
    this.routes.set(origin, { route, at: now })
    return route
  }

  private proxyAgent(url: string): ProxyAgent {
    let agent = this.proxies.get(url)
    if (!agent) {
      const { ca, timeout } = { ca: this.options.ca, timeout: this.options.connectTimeoutMs ?? 10_000 }
      agent = new ProxyAgent({
        uri: url,
        connect: { timeout },
        ...(ca ? { requestTls: { ca }, proxyTls: { ca } } : {})
      })
      this.proxies.set(url, agent)
    }
    return agent
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = typeof opts.origin === 'string' ? opts.origin : String(opts.origin)
    if (this.closed) {
      failBeforeStart(handler, new Error('The network connection of Leave Desk has been closed.'))
      return true
    }
    this.routeFor(origin).then(
      (route) => {
        if (route.kind === 'direct') this.direct.dispatch(opts, handler)
        else this.proxyAgent(route.url).dispatch(opts, markingProxyFailures(handler, route.url))
      },
      (error: unknown) => failBeforeStart(handler, error)
    )
    return true
  }

  override async close(): Promise<void> {
    this.closed = true
    await Promise.all([this.direct.close(), ...[...this.proxies.values()].map((agent) => agent.close())])
  }

  override async destroy(): Promise<void> {
    this.closed = true
    await Promise.all([this.direct.destroy(), ...[...this.proxies.values()].map((agent) => agent.destroy())])
  }
}

type AnyHandler = Dispatcher.DispatchHandler & { onError?: (error: Error) => void; onConnect?: (...args: unknown[]) => void }

function failBeforeStart(handler: Dispatcher.DispatchHandler, error: unknown): void {
  const failure = error instanceof Error ? error : new Error(String(error))
  const any = handler as AnyHandler
  if (typeof any.onResponseError === 'function') any.onResponseError(null as never, failure)
  else any.onError?.(failure)
}

/**
 * A failure before the request started to go out, on a proxied route, is the proxy's (it refused the
 * tunnel, or could not be reached) unless it is the payroll server's certificate: that keeps its own code.
 */
function markingProxyFailures(handler: Dispatcher.DispatchHandler, proxyUrl: string): Dispatcher.DispatchHandler {
  let started = false
  const mark = (error: Error): Error => (started || isCertificateFailure(error) ? error : proxyFailure(error, proxyUrl))
  return new Proxy(handler, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const method = value as (...args: unknown[]) => unknown
      if (property === 'onRequestStart' || property === 'onConnect') {
        return (...args: unknown[]) => {
          started = true
          return method.apply(target, args)
        }
      }
      if (property === 'onResponseError') return (controller: unknown, error: Error) => method.call(target, controller, mark(error))
      if (property === 'onError') return (error: Error) => method.call(target, mark(error))
      return method.bind(target)
    }
  })
}

function proxyFailure(cause: Error, proxyUrl: string): Error {
  const refusedWith = /Proxy response \((\d+)\)/.exec(cause.message)?.[1]
  return Object.assign(new Error(`The proxy ${new URL(proxyUrl).host} did not pass the request on.`, { cause }), {
    code: PROXY_FAILED,
    ...(refusedWith ? { proxyStatus: Number(refusedWith) } : {})
  })
}

/** Node's codes for a certificate this computer does not trust (or that does not fit the server). */
export function isCertificateFailure(error: unknown): boolean {
  return codesAlong(error).some((code) => /CERT|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|SELF_SIGNED/.test(code))
}

/** Every string `code` along the error's cause chain (and an AggregateError's first error). */
export function codesAlong(error: unknown): string[] {
  const codes: string[] = []
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    const candidate = current as { code?: unknown; cause?: unknown; errors?: unknown }
    if (typeof candidate.code === 'string') codes.push(candidate.code)
    current = candidate.cause ?? (Array.isArray(candidate.errors) ? candidate.errors[0] : undefined)
  }
  return codes
}
