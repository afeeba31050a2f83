import type { LeaveRequestInsert, LeaveRequestRecord } from '../../shared/leaveRequestSchema'
import type { Contact, Employee, PayItem } from '../../shared/apiSchemas'

/** The public shape of the sandbox: other helpers' tests code against exactly this. */

export interface SandboxOptions {
  /** 0 (default) = random. */
  port?: number
  /** Default '127.0.0.1'. */
  host?: string
  /** Access token lifetime, default 10800. */
  tokenTtlSeconds?: number
  /** Default 365 days. */
  refreshTokenTtlSeconds?: number
  /** Default false: the live API returns the same refresh token. */
  rotateRefreshTokens?: boolean
  /** The old refresh token is still accepted this long after a rotation, default 30. */
  rotationGraceSeconds?: number
  /** Sign-ins (grants) kept per user; a further sign-in ends the least recently used one. Default 25. */
  maxSessionsPerUser?: number
  /** Per-file request rate limit, default null = off (live: 1). */
  ratePerSecond?: number | null
  /** Per-file daily request quota, default null = off. */
  dailyQuota?: number | null
  /**
   * Optional JSON persistence: every change is fsync'd (temp file + rename + directory fsync, coalesced)
   * before it is acknowledged; a failed write undoes the change and answers 507/500.
   */
  dataFile?: string
  /** A request whose headers and body have not all arrived by then is answered 408 and closed. Default 30000. */
  requestTimeoutMs?: number
  /** Clock in ms, for tests (default Date.now). */
  now?: () => number
  /** Where operational warnings go (a corrupt data file moved aside). Default: stderr. */
  warn?: (message: string) => void
}

export type FaultRule = (
  | { kind: 'latency'; ms: number }
  /** Answered before anything is stored. */
  | { kind: 'status'; status: 408 | 429 | 500 | 501 | 503 | 505 | 507; retryAfter?: string }
  | { kind: 'reset-before-commit' }
  | { kind: 'drop-after-commit' }
  /** The request is handled (and stored), then a gateway's 502/504 page replaces payroll's answer. */
  | { kind: 'gateway-after-commit'; status: 502 | 504 }
  /**
   * The request is handled (and stored), then answered with this status instead: a 5xx problem, or a
   * redirect to `location` (default: the request's own URL) — the answers a client must treat as "may
   * have been applied".
   */
  | { kind: 'answer-after-commit'; status: 500 | 501 | 505 | 507 | 301 | 302 | 303 | 307 | 308; location?: string }
) & {
  /** e.g. 'POST /Payroll/LeaveRequest', case-insensitive; default: every API route (not the token routes). */
  route?: string
  /** Only the next N matching requests; default unlimited. */
  times?: number
  /** 0..1, default 1. */
  probability?: number
}

/** An employee's balance for one leave pay item, as stored. */
export interface StoredLeaveBalance {
  PayItemId: number
  Hours: number
}

export interface SandboxStore {
  leaveRequests(fileId: number): LeaveRequestRecord[]
  payItems(fileId: number): PayItem[]
  employees(fileId: number): Employee[]
  contacts(fileId: number): Contact[]
  /** Test support: how many times a leave request was written (insert = 1, +1 per update); null if absent. */
  leaveRequestVersion(fileId: number, id: number): number | null
  /**
   * Practice's simulated colleague sends here (main/team/practiceColleague.ts): inserted and stored as a
   * request through the API would be, without the file's pace (the colleague is not the clerk). Resolves
   * null for a file the sandbox does not have, or when it could not be stored.
   */
  insertLeaveRequest(fileId: number, request: LeaveRequestInsert): Promise<LeaveRequestRecord | null>
  /**
   * Test support: a pay run processes the request's lines (those on `dates`, or all), setting their
   * ProcessedInPayRunId; resolves false when there is no such request (or it could not be stored).
   */
  markProcessed(fileId: number, id: number, payRunId: number, dates?: readonly string[]): Promise<boolean>
  /** Simulates a revoked refresh token: every refresh token stops working. */
  revokeRefreshTokens(): void
  /** Simulates expiry now: every access token issued so far stops working. */
  expireAccessTokens(): void
}

export interface SandboxStats {
  /** Requests that reached a route, e.g. count('POST /authorisation/refresh'); case-insensitive. */
  count(route: string): number
  /** Requests that reached a route (token routes included) without `X-Api-Version: 1.0`. */
  withoutApiVersion(): number
  /** The paths (no query) of the requests that reached a route, in the order they arrived: which request each PUT was for. */
  paths(route: string): string[]
  /** Responses sent with this status; with `route`, only those to that route (e.g. 'POST /Payroll/LeaveRequest'). */
  statusCount(status: number, route?: string): number
  reset(): void
}

export interface Sandbox {
  /** 'http://127.0.0.1:<port>', no trailing slash. */
  baseUrl: string
  port: number
  close(): Promise<void>
  faults: {
    /** Rules are checked in order; the first that matches applies. */
    add(rule: FaultRule): void
    clear(): void
    /** Stop listening: connection refused on the same port. */
    down(): Promise<void>
    /** Listen again on the same port. */
    up(): Promise<void>
    /** Simulated full disk for the data file (ENOSPC on every write) until called with false. */
    diskFull(full: boolean): void
  }
  store: SandboxStore
  stats: SandboxStats
}
