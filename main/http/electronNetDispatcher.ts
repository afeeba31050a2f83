import { Dispatcher } from 'undici'
import { mapChromiumNetError } from './chromiumNetErrors'
import { askForRoute } from './proxyAnswer'
import { noProxyAnswer, proxyFailure, unsupportedProxy } from './proxyFailure'
import { inWritesTurn, isWrite } from './writeConnections'

/** The part of Electron's `net.fetch` this uses (Chromium's network stack, in main). */
export type ElectronFetch = (
  url: string,
  init: {
    method: string
    headers: Record<string, string>
    body?: string | null
    redirect: 'manual'
    signal: AbortSignal
    bypassCustomProtocolHandlers?: boolean
    /** Told when a proxy sign-in starts (true) and is answered (false): the clerk's typing is not payroll's time. */
    onProxySignIn?: (waiting: boolean) => void
    /** A write: on a connection no request used before and none uses after (writeConnections.ts). */
    ownConnection?: boolean
  }
) => Promise<Response>

export interface ElectronNetOptions {
  fetch: ElectronFetch
  /** `session.resolveProxy`: asked first, within a time limit, so a PAC that never answers fails as "not sent". */
  resolveProxy?: (url: string) => Promise<string>
  proxyAnswerTimeoutMs?: number
  /** Writes that may safely reach the server twice skip the writes' turn and connection (networkDispatcher.ts). */
  writesSafeToRepeat?: boolean
}

/**
 * The app's way onto the network: Electron's net.fetch, behind the same undici Dispatcher that
 * sendHttpRequest drives, so every caller and the outcome table stay as they are. Chromium brings what an
 * office network needs: PAC/WPAD, integrated Windows sign-in (NTLM/Kerberos/Negotiate) to proxies,
 * `app.on('login')` for a Basic proxy sign-in, the OS certificate verifier and client certificates.
 * Chromium does not say when it started writing a request, so "never sent" is read from the error
 * (chromiumNetErrors.ts): only failures that happen before the request can leave count as never sent.
 * Writes go one at a time, each on a connection of its own, so Chromium never resends one by itself
 * (writeConnections.ts); the wait for a turn is not payroll's time, and its time limits start after it.
 */
export function createElectronNetDispatcher(options: ElectronNetOptions): Dispatcher {
  return new ElectronNetDispatcher(options)
}

type Handler = Dispatcher.DispatchHandler

class ElectronNetDispatcher extends Dispatcher {
  private closed = false
  private readonly open = new Set<AbortController>()

  constructor(private readonly options: ElectronNetOptions) {
    super()
  }

  private needsOwnConnection(method: string): boolean {
    return isWrite(method) && !this.options.writesSafeToRepeat
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Handler): boolean {
    const send = () => this.send(opts, handler)
    void (this.needsOwnConnection(opts.method) ? inWritesTurn(send) : send())
    return true
  }

  private async send(opts: Dispatcher.DispatchOptions, handler: Handler): Promise<void> {
    const origin = typeof opts.origin === 'string' ? opts.origin : String(opts.origin)
    const url = new URL(opts.path, origin).href
    if (this.closed) return failed(handler, new Error('The network connection of Leave Desk has been closed.'), false)
    if (this.options.resolveProxy) {
      // Chromium keeps the answer it gives here for the fetch that follows.
      const answer = await askForRoute(this.options.resolveProxy, url, this.options.proxyAnswerTimeoutMs)
      if (answer.kind === 'no-answer') return failed(handler, noProxyAnswer(), false)
      if (answer.kind === 'unsupported') return failed(handler, unsupportedProxy(answer.entries), false)
    }
    const abort = new AbortController()
    this.open.add(abort)
    const timeout = (ms: number | null | undefined, code: string) => {
      if (!ms) return () => {}
      const timer = setTimeout(() => abort.abort(Object.assign(new Error(code), { code })), ms)
      return () => clearTimeout(timer)
    }
    let stopHeadersTimer = timeout(opts.headersTimeout, 'UND_ERR_HEADERS_TIMEOUT')
    // While the proxy waits for a sign-in the request has not passed the proxy: the time limit waits too,
    // and a request that ends there was never sent (not Uncertain because the clerk took a while to type).
    let signingIn = false
    const onProxySignIn = (waiting: boolean) => {
      signingIn = waiting
      stopHeadersTimer()
      if (!waiting) stopHeadersTimer = timeout(opts.headersTimeout, 'UND_ERR_HEADERS_TIMEOUT')
    }
    const controller = controllerFor(abort)
    try {
      const response = await this.options.fetch(url, {
        method: opts.method,
        headers: headersOf(opts.headers),
        body: typeof opts.body === 'string' ? opts.body : null,
        redirect: 'manual',
        signal: abort.signal,
        bypassCustomProtocolHandlers: true,
        onProxySignIn,
        ownConnection: this.needsOwnConnection(opts.method)
      })
      stopHeadersTimer()
      // Chromium answers 407 itself when nobody signed in to the proxy: the request never reached payroll.
      if (response.status === 407) return failed(handler, proxyFailure('The proxy asks for a sign-in.', 'sign-in', { proxyStatus: 407 }), false)
      handler.onRequestStart?.(controller, {})
      handler.onResponseStart?.(controller, response.status, Object.fromEntries(response.headers), response.statusText)
      const reader = response.body?.getReader()
      while (reader) {
        stopHeadersTimer = timeout(opts.bodyTimeout, 'UND_ERR_BODY_TIMEOUT')
        const chunk = await reader.read()
        stopHeadersTimer()
        if (chunk.done) break
        handler.onResponseData?.(controller, Buffer.from(chunk.value))
      }
      handler.onResponseEnd?.(controller, {})
    } catch (error) {
      stopHeadersTimer()
      if (signingIn) return failed(handler, proxyFailure('The proxy sign-in was not completed.', 'sign-in'), false)
      const reason: unknown = abort.signal.aborted ? abort.signal.reason : error
      if (typeof (reason as { code?: unknown }).code === 'string' && String((reason as { code: string }).code).startsWith('UND_ERR_')) {
        // Our own time limit: the request may well have been sent.
        return failed(handler, reason as Error, true, controller)
      }
      const mapped = mapChromiumNetError(error)
      failed(handler, mapped.error, mapped.requestStarted, controller)
    } finally {
      this.open.delete(abort)
    }
  }

  override async close(): Promise<void> {
    this.closed = true
  }

  override async destroy(): Promise<void> {
    this.closed = true
    for (const abort of this.open) abort.abort(Object.assign(new Error('destroyed'), { code: 'UND_ERR_DESTROYED' }))
  }
}

function failed(handler: Handler, error: Error, requestStarted: boolean, controller: Dispatcher.DispatchController = controllerFor(new AbortController())): void {
  if (requestStarted) handler.onRequestStart?.(controller, {})
  const legacy = handler as Handler & { onError?: (error: Error) => void }
  if (typeof handler.onResponseError === 'function') handler.onResponseError(controller, error)
  else legacy.onError?.(error)
}

function controllerFor(abort: AbortController): Dispatcher.DispatchController {
  return {
    abort: (reason: Error) => abort.abort(reason),
    pause: () => {},
    resume: () => {},
    get aborted() {
      return abort.signal.aborted
    },
    get paused() {
      return false
    },
    get reason() {
      return abort.signal.reason as Error | null
    }
  }
}

function headersOf(headers: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  if (!headers) return {}
  if (Array.isArray(headers)) {
    const out: Record<string, string> = {}
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i])] = String(headers[i + 1])
    return out
  }
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    return Object.fromEntries([...(headers as Iterable<[string, string]>)].map(([name, value]) => [name, String(value)]))
  }
  return Object.fromEntries(Object.entries(headers as Record<string, unknown>).map(([name, value]) => [name, String(value)]))
}
