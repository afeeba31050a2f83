import type { Dispatcher } from 'undici'
import type { HttpAnswer } from './classifyResponse'

export interface HttpRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE'
  url: URL
  headers: Record<string, string>
  body?: string
  headersTimeoutMs: number
  bodyTimeoutMs: number
}

/**
 * Either a complete answer, or a failure with whether the request had started to go out. undici calls
 * `onRequestStart` on the connected socket just before it writes the request, so "not started" means
 * the request certainly never left this machine.
 */
export type HttpExchange = { kind: 'answer'; answer: HttpAnswer } | { kind: 'failed'; error: unknown; requestStarted: boolean }

/** Larger answers are cut: nothing this client reads is anywhere near it, and memory stays bounded. */
const MAX_BODY_BYTES = 8 * 1024 * 1024

export function sendHttpRequest(dispatcher: Dispatcher, request: HttpRequest): Promise<HttpExchange> {
  return new Promise((resolve) => {
    let requestStarted = false
    let answer: { status: number; headers: HttpAnswer['headers'] } | null = null
    let chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (exchange: HttpExchange) => {
      if (settled) return
      settled = true
      resolve(exchange)
    }
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: () => {
        requestStarted = true
      },
      onResponseStart: (_controller, status, headers) => {
        if (status < 200) return // 1xx informational: the real answer follows
        answer = { status, headers }
        chunks = []
        size = 0
      },
      onResponseData: (_controller, chunk) => {
        if (size + chunk.length > MAX_BODY_BYTES) return
        chunks.push(chunk)
        size += chunk.length
      },
      onResponseEnd: () => {
        if (!answer) return settle({ kind: 'failed', error: new Error('The answer ended before its status line.'), requestStarted })
        settle({ kind: 'answer', answer: { ...answer, body: Buffer.concat(chunks).toString('utf8') } })
      },
      onResponseError: (_controller, error) => settle({ kind: 'failed', error, requestStarted })
    }
    try {
      dispatcher.dispatch(
        {
          origin: request.url.origin,
          path: `${request.url.pathname}${request.url.search}`,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: request.headersTimeoutMs,
          bodyTimeout: request.bodyTimeoutMs
        },
        handler
      )
    } catch (error) {
      settle({ kind: 'failed', error, requestStarted })
    }
  })
}
