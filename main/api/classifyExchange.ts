import { fail, ok, type ApiResult } from '../../shared/apiError'
import { classifyResponse, type HttpAnswer } from './classifyResponse'
import { classifyTransportError } from './classifyTransportError'
import type { HttpExchange } from './sendHttpRequest'

/**
 * The one reading of what happened to a request, shared by the API client, the token endpoint and the
 * legacy-key check: a 2xx answer, or an error with its closed code. Whether the request had started to go
 * out decides `network` (nothing sent) against `unknown-outcome`; `isWrite` decides which answers may
 * mean the server already acted on it (see classifyResponse's table).
 */
export function classifyExchange(exchange: HttpExchange, nowMs: number, isWrite: boolean): ApiResult<HttpAnswer> {
  if (exchange.kind === 'failed') return fail(classifyTransportError(exchange.error, exchange.requestStarted, isWrite))
  const error = classifyResponse(exchange.answer, nowMs, isWrite)
  return error ? fail(error) : ok(exchange.answer)
}
