import type { Dispatcher } from 'undici'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import { apiUrl } from '../api/apiUrl'
import { classifyExchange } from '../api/classifyExchange'
import { CLIENT_HEADERS } from '../api/clientHeaders'
import { sendHttpRequest } from '../api/sendHttpRequest'

export interface LegacyKeyCheckDeps {
  baseUrl: string
  dispatcher: Dispatcher
  timeoutMs?: number
  now?: () => number
}

const DEFAULT_TIMEOUT_MS = 15_000

/**
 * The deprecated access-key method has no sign-in call, so the key is proved with the lightest read
 * the spec names (the file's leave pay items) before the session accepts it. Every answer but the key's
 * refusal is read by the API client's classifier.
 */
export async function verifyLegacyKey(
  deps: LegacyKeyCheckDeps,
  wsAccessKey: string,
  fileId: number
): Promise<ApiResult<true>> {
  const url = apiUrl(deps.baseUrl, 'Payroll/Entitlements')
  url.searchParams.set('FileId', String(fileId))
  url.searchParams.set('wsAccessKey', wsAccessKey)
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const exchange = await sendHttpRequest(deps.dispatcher, {
    method: 'GET',
    url,
    headers: { ...CLIENT_HEADERS, accept: 'application/json' },
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs
  })
  if (exchange.kind === 'answer' && (exchange.answer.status === 401 || exchange.answer.status === 403)) {
    return fail({ code: 'unauthorized', status: exchange.answer.status, message: `The access key is not right for file ${fileId}.` })
  }
  const answered = classifyExchange(exchange, (deps.now ?? Date.now)(), false)
  return answered.ok ? ok(true) : answered
}
