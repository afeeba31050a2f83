import { Agent, Dispatcher, ProxyAgent } from 'undici'
import type { LookupFunction } from 'node:net'
import { isLocalhostName, loopbackCheckedLookup } from './loopbackLookup'
import { askForRoute, type ProxyAnswer } from './proxyAnswer'
import { createElectronNetDispatcher, type ElectronFetch } from './electronNetDispatcher'
import { noProxyAnswer, PROXY_FAILED, proxyFailure, unsupportedProxy } from './proxyFailure'
import { DIRECT } from './proxyRoute'

export { PROXY_FAILED }

/**
 * Main's one way onto the network: per origin, the system's proxy choice (Electron's
 * `session.resolveProxy`, injected so Node tests run it) and a TLS trust list that includes the OS store
 * (trustedCertificates). Direct origins share one keep-alive Agent; each proxy gets a ProxyAgent, which
 * tunnels with CONNECT, so a proxy that refuses does so before any byte of the request left. This is the
 * network where Node runs alone (tests, bench, the sandbox CLI); the app sends through Chromium's stack
 * (electronNetDispatcher.ts), which also signs in to proxies.
 */
export interface NetworkOptions {
  /** `session.resolveProxy` in the app; default: always DIRECT. */
  resolveProxy?: (url: string) => Promise<string>
  /** Roots to trust, or undefined for Node's own (see trustedCertificates). */
  ca?: string[] | undefined
  connectTimeoutMs?: number
  /** How long one origin's proxy answer is reused before asking again (networks change). Default 60 s. */
  routeTtlMs?: number
  /** How long the resolver may take before the request fails as a proxy problem (proxyAnswer.ts). */
  proxyAnswerTimeoutMs?: number
  /** A Basic sign-in for a proxy that asks for one (407), or null. */
  proxyCredentials?: (proxyUrl: string) => { username: string; password: string } | null
  now?: () => number
  /** Name resolution (default `dns.lookup`); a localhost name must resolve to this computer either way. */
  lookup?: LookupFunction
  /** Electron's `net.fetch` in the app: then Chromium's stack sends (electronNetDispatcher.ts). */
  electronFetch?: ElectronFetch
  /**
   * Writes on this network may safely reach the server twice (the team server: CouchDB writes carry
   * revisions, and a repeated claim comes back 409 naming this computer), so they need neither a
   * connection of their own nor a turn behind payroll's writes (writeConnections.ts). Default false.
   */
  writesSafeToRepeat?: boolean
}

export function createNetworkDispatcher(options: NetworkOptions = {}): Dispatcher {
  if (options.electronFetch) {
    return createElectronNetDispatcher({
      fetch: options.electronFetch,
      ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
      ...(options.proxyAnswerTimeoutMs ? { proxyAnswerTimeoutMs: options.proxyAnswerTimeoutMs } : {}),
      ...(options.writesSafeToRepeat ? { writesSafeToRepeat: true } : {})
    })
  }
  return new NetworkDispatcher(options)
}

class NetworkDispatcher extends Dispatcher {
  private readonly direct: Agent
  private readonly proxies = new Map<string, ProxyAgent>()
  private readonly routes = new Map<string, { route: Promise<ProxyAnswer>; at: number }>()
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

  private routeFor(origin: string): Promise<ProxyAnswer> {
    const resolve = this.options.resolveProxy
    // This computer is never reached through a proxy: the proxy would resolve the name on its own machine.
    if (!resolve || isLocalhostName(new URL(origin).hostname)) return Promise.resolve(DIRECT)
    const now = (this.options.now ?? Date.now)()
    const cached = this.routes.get(origin)
    if (cached && now - cached.at < (this.options.routeTtlMs ?? 60_000)) return cached.route
    const route = askForRoute(resolve, `${origin}/`, this.options.proxyAnswerTimeoutMs)
    this.routes.set(origin, { route, at: now })
    // No answer in time is not remembered: the next request asks again.
    void route.then((answer) => answer.kind === 'no-answer' && this.routes.get(origin)?.route === route && this.routes.delete(origin))
    return route
  }

  private proxyAgent(url: string): ProxyAgent {
    const credentials = this.options.proxyCredentials?.(url) ?? null
    const key = credentials ? `${credentials.username}@${url}` : url
    let agent = this.proxies.get(key)
    if (!agent) {
      const { ca, timeout } = { ca: this.options.ca, timeout: this.options.connectTimeoutMs ?? 10_000 }
      agent = new ProxyAgent({
        uri: url,
        connect: { timeout },
        ...(credentials ? { token: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` } : {}),
        ...(ca ? { requestTls: { ca }, proxyTls: { ca } } : {})
      })
      this.proxies.set(key, agent)
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
        else if (route.kind === 'no-answer') failBeforeStart(handler, noProxyAnswer())
        else if (route.kind === 'unsupported') failBeforeStart(handler, unsupportedProxy(route.entries))
        else {
          // `PROXY dead:8080; DIRECT`: a proxy that cannot be reached is skipped, as Chromium does.
          const goDirect = route.orDirect ? () => this.direct.dispatch(opts, handler) : null
          this.proxyAgent(route.url).dispatch(opts, markingProxyFailures(handler, route.url, goDirect))
        }
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
 * A proxy that could not be reached at all is skipped when the system's answer allows DIRECT after it.
 */
function markingProxyFailures(handler: Dispatcher.DispatchHandler, proxyUrl: string, goDirect: (() => void) | null): Dispatcher.DispatchHandler {
  let started = false
  const mark = (error: Error): Error => (started || isCertificateFailure(error) ? error : proxyFailureFrom(error, proxyUrl))
  const fallsBack = (error: Error) => goDirect !== null && !started && !isCertificateFailure(error) && proxyStatusIn(error) === undefined
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
      if (property === 'onResponseError')
        return (controller: unknown, error: Error) => (fallsBack(error) ? goDirect?.() : method.call(target, controller, mark(error)))
      if (property === 'onError') return (error: Error) => (fallsBack(error) ? goDirect?.() : method.call(target, mark(error)))
      return method.bind(target)
    }
  })
}

function proxyFailureFrom(cause: Error, proxyUrl: string): Error {
  const refusedWith = proxyStatusIn(cause)
  return proxyFailure(`The proxy ${new URL(proxyUrl).host} did not pass the request on.`, 'refused', {
    cause,
    ...(refusedWith ? { proxyStatus: Number(refusedWith) } : {})
  })
}

/** The status a proxy refused the tunnel with (undici: "Proxy response (407) !== 200…"), along the cause chain. */
function proxyStatusIn(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    const status = /Proxy response \((\d+)\)/.exec(String((current as { message?: unknown }).message ?? ''))?.[1]
    if (status) return status
    current = (current as { cause?: unknown }).cause
  }
  return undefined
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
