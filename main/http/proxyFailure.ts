/** `code` of the error a request gets when its proxy failed it before it started. */
export const PROXY_FAILED = 'LEAVE_DESK_PROXY_FAILED'

/**
 * What went wrong with the proxy, in the clerk's terms: it refused or could not be reached; it wants a
 * sign-in (407); the system's proxy settings did not answer in time; or they name only proxies Leave Desk
 * cannot use (SOCKS). In every case nothing reached payroll.
 */
export type ProxyProblem = 'refused' | 'sign-in' | 'no-answer' | 'unsupported'

export interface ProxyFailure extends Error {
  code: typeof PROXY_FAILED
  proxyProblem: ProxyProblem
  proxyStatus?: number
}

export function proxyFailure(message: string, problem: ProxyProblem, options: { cause?: unknown; proxyStatus?: number } = {}): ProxyFailure {
  const status = options.proxyStatus
  return Object.assign(new Error(message, options.cause === undefined ? {} : { cause: options.cause }), {
    code: PROXY_FAILED,
    // 407 asks for a sign-in; some proxies (tinyproxy) answer a wrong one with 401.
    proxyProblem: status === 407 || status === 401 ? 'sign-in' : problem,
    ...(status === undefined ? {} : { proxyStatus: status })
  }) as ProxyFailure
}

/** The proxy failure along an error's cause chain, if any. */
export function proxyFailureIn(error: unknown): ProxyFailure | null {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    if ((current as { code?: unknown }).code === PROXY_FAILED) return current as ProxyFailure
    current = (current as { cause?: unknown }).cause
  }
  return null
}

export function noProxyAnswer(): ProxyFailure {
  return proxyFailure("The system's proxy settings did not say in time which proxy to use.", 'no-answer')
}

export function unsupportedProxy(entries: string): ProxyFailure {
  return proxyFailure(`The system's proxy settings name only SOCKS proxies (${entries}), which Leave Desk does not support.`, 'unsupported')
}
