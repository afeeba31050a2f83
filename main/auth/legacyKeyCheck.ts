import { type Dispatcher, request } from 'undici'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import { apiUrl, statusFailure, transportFailure } from './httpFailure'

export interface LegacyKeyCheckDeps {
  baseUrl: string
  dispatcher: Dispatcher
  timeoutMs?: number
  now?: () => number
}

const DEFAULT_TIMEOUT_MS = 15_000

/**
 * The deprecated access-key method has no sign-in call, so the key is proved with the lightest read
 * the spec names (the file's leave pay items) before the session accepts it.
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
  let response: Dispatcher.ResponseData
  try {
    response = await request(url, {
      dispatcher: deps.dispatcher,
      method: 'GET',
      headers: { accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs
    })
    await response.body.dump()
  } catch (error) {
    return fail(transportFailure(error))
  }
  const status = response.statusCode
  if (status >= 200 && status < 300) return ok(true)
  if (status === 401 || status === 403) {
    return fail({ code: 'unauthorized', status, message: `The access key is not right for file ${fileId}.` })
  }
  const retryAfter = response.headers['retry-after']
  return fail(statusFailure(status, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, (deps.now ?? Date.now)()))
}
