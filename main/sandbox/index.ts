import { existsSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createSandboxApp } from './app'
import { DEMO_LEGACY_KEYS, DEMO_USERS } from './demoData'
import { FaultBook } from './faultBook'
import { FileRateLimiter } from './fileRateLimiter'
import { LeaveStore } from './leaveStore'
import { DiskFault } from './diskFault'
import { isTemporaryNameOf } from './durableFile'
import { loadState, type DurableMark } from './persistence'
import { RequestStats } from './requestStats'
import { RestartableServer } from './restartableServer'
import { StateCommitter } from './stateCommits'
import type { SandboxContext } from './sandboxContext'
import { SandboxGrants } from './sandboxGrants'
import type { Sandbox, SandboxOptions, SandboxStore } from './types'

export type { FaultRule, Sandbox, SandboxOptions, SandboxStats, SandboxStore } from './types'
export { DEMO_CREDENTIALS } from './demoData'

const DAY_SECONDS = 86_400

/** Starts a sandbox API server on 127.0.0.1 (random port unless told) and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now
  const warn = options.warn ?? ((message: string) => process.stderr.write(`[sandbox] ${message}\n`))
  const leaves = new LeaveStore(now)
  const tokens = new SandboxGrants({
    accessTtlMs: (options.tokenTtlSeconds ?? 10_800) * 1000,
    refreshTtlMs: (options.refreshTokenTtlSeconds ?? 365 * DAY_SECONDS) * 1000,
    rotate: options.rotateRefreshTokens ?? false,
    graceMs: (options.rotationGraceSeconds ?? 30) * 1000,
    maxGrantsPerUser: options.maxSessionsPerUser ?? 25,
    now
  })
  const dataFile = options.dataFile
  const found = dataFile ? restoreFrom(dataFile, now(), leaves, tokens, warn) : null

  const diskFault = new DiskFault()
  const committer = dataFile
    ? new StateCommitter({
        path: dataFile,
        fs: diskFault.fs,
        state: () => ({ version: 1, leaves: leaves.state(), tokens: tokens.snapshot() }),
        restore: (state) => {
          leaves.restore(state.leaves)
          tokens.restore(state.tokens)
        },
        load: (journalBytes) => {
          const loaded = loadState(dataFile, now(), journalBytes)
          return loaded.kind === 'loaded' ? loaded.state : null
        },
        found
      })
    : null

  const closing = new AbortController()
  const context: SandboxContext = {
    leaves,
    tokens,
    users: DEMO_USERS,
    legacyKeys: DEMO_LEGACY_KEYS,
    faults: new FaultBook(),
    limiter: new FileRateLimiter({ ratePerSecond: options.ratePerSecond ?? null, dailyQuota: options.dailyQuota ?? null, now }),
    stats: new RequestStats(),
    commit: committer ? () => committer.commit() : () => Promise.resolve({ ok: true, value: undefined }),
    delay: (ms) => delayUnlessClosing(ms, closing.signal)
  }

  let listener: RestartableServer | null = null
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000
  const app = createSandboxApp(context, (handler) => (listener = new RestartableServer(handler, requestTimeoutMs)), requestTimeoutMs)
  const host = options.host ?? '127.0.0.1'
  await app.listen({ port: options.port ?? 0, host })
  const server = listener as unknown as RestartableServer
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  server.remember(port, host)

  const store: SandboxStore = {
    leaveRequests: (fileId) => leaves.leaveRequests(fileId),
    payItems: (fileId) => leaves.payItems(fileId),
    employees: (fileId) => leaves.employees(fileId, { withBalances: true }),
    contacts: (fileId) => leaves.contacts(fileId),
    leaveRequestVersion: (fileId, id) => leaves.version(fileId, id),
    insertLeaveRequest: async (fileId, request) => {
      if (!leaves.hasFile(fileId)) return null
      const record = leaves.insert(fileId, request)
      const saved = await context.commit()
      return saved.ok ? record : null
    },
    markProcessed: async (fileId, id, payRunId, dates) => {
      if (!leaves.markProcessed(fileId, id, payRunId, dates)) return false
      // The lines changed in place, where the journal looks for new objects: a whole snapshot holds them.
      committer?.snapshotNext()
      const saved = await context.commit()
      return saved.ok
    },
    revokeRefreshTokens: () => {
      tokens.revokeRefreshTokens()
      void context.commit()
    },
    expireAccessTokens: () => {
      tokens.expireAccessTokens()
      void context.commit()
    }
  }

  let closed = false
  return {
    baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    store,
    stats: context.stats,
    faults: {
      add: (rule) => context.faults.add(rule),
      clear: () => context.faults.clear(),
      down: () => server.down(),
      up: () => server.up(),
      diskFull: (full) => diskFault.setFull(full)
    },
    async close() {
      if (closed) return
      closed = true
      closing.abort()
      // A request held by a latency fault must not keep close() waiting.
      await server.down()
      await app.close().catch(() => undefined)
      await committer?.idle()
    }
  }
}

/** Loads the data file and its journal into the stores; what was found, or null when there was nothing. */
function restoreFrom(dataFile: string, now: number, leaves: LeaveStore, tokens: SandboxGrants, warn: (m: string) => void): DurableMark | null {
  removeLeftoverTemporaryFiles(dataFile)
  const loaded = loadState(dataFile, now)
  if (loaded.kind === 'loaded') {
    leaves.restore(loaded.state.leaves)
    tokens.restore(loaded.state.tokens)
    return loaded.found
  }
  if (loaded.kind === 'corrupt') {
    warn(`The data file could not be read (${loaded.reason}); it was moved to ${loaded.movedTo} and the sandbox starts from the demo data.`)
  }
  return null
}

/** A process killed mid-write leaves its temporary file; nothing reads it, and on a full disk it keeps the disk full. */
function removeLeftoverTemporaryFiles(dataFile: string): void {
  const dir = dirname(dataFile)
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    if (isTemporaryNameOf(dataFile, name)) rmSync(join(dir, name), { force: true })
  }
}

function delayUnlessClosing(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      resolve(true)
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      resolve(false)
    }
    signal.addEventListener('abort', stop, { once: true })
  })
}
