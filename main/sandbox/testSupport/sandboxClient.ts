import { Agent, request } from 'undici'
import type { ProblemDetails } from '../../../shared/codecs/problemDetails'
import { DEMO_CREDENTIALS } from '../demoData'
import { startSandbox } from '../index'
import type { Sandbox, SandboxOptions } from '../types'

/**
 * Real HTTP against a sandbox on a random 127.0.0.1 port, for the sandbox's own tests. Each harness has
 * its own connection pool, closed with the sandbox.
 */
export interface HttpAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  /** The body parsed as JSON (throws if it is not JSON, which fails the test). */
  json: <T = Record<string, unknown>>() => T
  /** The body read as a problem document. */
  problem: () => ProblemDetails
}

export interface CallOptions {
  body?: unknown
  /** Raw body text or bytes; wins over `body`. */
  raw?: string | Uint8Array
  headers?: Record<string, string>
  token?: string
  /** Abort the request after this many ms (a client-side timeout). */
  timeoutMs?: number
}

export interface SandboxHarness {
  sandbox: Sandbox
  call(method: string, path: string, options?: CallOptions): Promise<HttpAnswer>
  /** Signs in (clerk by default) and returns the token response. */
  signIn(user?: { username: string; password: string }): Promise<TokenBody>
  close(): Promise<void>
}

export interface TokenBody {
  access_token: string
  refresh_token: string
  token_type: string
  expires_in: number
  scope: string
}

export async function startHarness(options: SandboxOptions = {}): Promise<SandboxHarness> {
  const sandbox = await startSandbox({ ...options, port: 0 })
  const agent = new Agent({ keepAliveTimeout: 1_000, connect: { timeout: 10_000 } })
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<HttpAnswer> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) }
    const hasBody = options.raw !== undefined || options.body !== undefined
    if (hasBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json'
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const response = await request(`${sandbox.baseUrl}${path}`, {
      method: method as 'GET',
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      dispatcher: agent,
      ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {})
    })
    const text = await response.body.text()
    return { status: response.statusCode, headers: response.headers, text, json: <T>() => JSON.parse(text) as T, problem: () => JSON.parse(text) as ProblemDetails }
  }
  const signIn = async (user: { username: string; password: string } = DEMO_CREDENTIALS.clerk) => {
    const answer = await call('POST', '/authorisation/token', { body: { grant_type: 'password', ...user, scope: 'full' } })
    if (answer.status !== 200) throw new Error(`Sign-in failed with ${answer.status}: ${answer.text}`)
    return answer.json<TokenBody>()
  }
  return {
    sandbox,
    call,
    signIn,
    async close() {
      await sandbox.close()
      await agent.close()
    }
  }
}

/** A clock the test moves by hand, shared with the sandbox. */
export function handClock(start = Date.UTC(2026, 2, 2, 9, 0, 0)) {
  let time = start
  return {
    now: () => time,
    advance(ms: number) {
      time += ms
    },
    set(ms: number) {
      time = ms
    }
  }
}

/** A leave request file 1001 accepts: pay item 101 (Annual Leave), employee 6001 (Olivia Nguyen). */
export function validLeave(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    LeaveTypePayItemId: 101,
    EmployeeId: 6001,
    StartDate: '2026-03-02T00:00:00+10:00',
    EndDate: '2026-03-03T00:00:00+10:00',
    Status: 'Approved',
    Notes: 'Family trip',
    Items: [
      { LineNumber: 1, Date: '2026-03-02T00:00:00+10:00', Hours: 7.6, IsPaid: true },
      { LineNumber: 2, Date: '2026-03-03T00:00:00+10:00', Hours: 7.6, IsPaid: true }
    ],
    ...overrides
  }
}
