import { createHash } from 'node:crypto'
import path from 'node:path'
import type { BackendInfo } from '../shared/ipc/appInfo'
import type { Settings } from '../shared/ipc/settings'
import {
  connectivityMonitor,
  createApiClient,
  dailyQuotaCounter,
  httpProbe,
  jsonFileQuotaStore,
  officeQuotaLimit,
  requestRateLimiter,
  type ApiClient,
  type ConnectivityMonitor
} from './api'
import type { DailyQuotaCounter } from './api/dailyQuotaCounter'
import { createOfficeBudget, shareOfficeBudget } from './api/officeBudget'
import type { OfficeShare, OfficeSpend } from '../shared/ipc/officeShare'
import type { Cipher } from './auth/cipher'
import { createSession, type Session } from './auth/session'
import { createEncryptedFileTokenStore, createMemoryTokenStore, type TokenStore } from './auth/tokenStore'
import type { ElectronFetch } from './http/electronNetDispatcher'
import { createNetworkDispatcher } from './http/networkDispatcher'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox, type SandboxStore } from './sandbox'

/**
 * One backend the app talks to: the embedded sandbox (no API address configured) or a remote payroll
 * API, with its session, API client and connectivity monitor. Switching to another address means
 * closing this backend and opening a new one; the API client alone is rebuilt when only its pacing or
 * body format changes.
 */
export interface Backend {
  info: BackendInfo
  /** The embedded sandbox's own store, in Practice only: where the practice colleague sends. */
  practicePayroll?: SandboxStore
  session: Session
  api(): ApiClient
  connectivity: ConnectivityMonitor
  /** Rebuilds the API client for new pacing, quota or body format (same address, same session). */
  reconfigure(settings: Settings): Promise<void>
  /** The office's rate budget from the page (team ledger): this install's turn and colleagues' spend; answers its own. */
  shareOfficeBudget(share: OfficeShare): Promise<OfficeSpend>
  close(): Promise<void>
}

export interface BackendDeps {
  /** A remote API address, or null for the embedded sandbox. */
  remoteUrl: string | null
  settings: () => Settings
  userDataDir: string
  /** Electron's safeStorage in the app; absent, the session lasts for this run only. */
  cipher?: Cipher
  now: () => number
  log: (message: string) => void
  /** Where the embedded sandbox keeps its data; default under the user-data folder. null: in memory. */
  sandboxDataFile?: string | null
  /** The office's network, for a remote API: the system proxy per origin and the roots to trust. */
  network?: NetworkSetup
  /** The rate limiter's waits; default a timer (tests see the waits instead of timing them). */
  sleep?: (ms: number) => Promise<void>
  /** The organisation locked the daily quota on this computer (machine policy): an office's may not exceed it. */
  dailyQuotaLocked?: boolean
}

export interface NetworkSetup {
  /** Electron's `session.resolveProxy` in the app. */
  resolveProxy?: (url: string) => Promise<string>
  /** The trusted roots (trustedCertificates()); undefined: Node's own. */
  ca?: string[] | undefined
  /** Electron's `net.fetch` in the app: payroll traffic then goes through Chromium's stack (proxy sign-in). */
  electronFetch?: ElectronFetch
  /** Electron's `net.isOnline`: no probe is sent while the OS says the computer is offline. */
  isOnline?: () => boolean
}

/** How long opening a backend waits for the saved sign-in before going on without it (it lands later). */
export const RESTORE_WAIT_MS = 3_000

export async function openBackend(deps: BackendDeps): Promise<Backend> {
  const sandbox = deps.remoteUrl === null ? await startEmbeddedSandbox(deps) : null
  const baseUrl = sandbox?.baseUrl ?? (deps.remoteUrl as string)
  const info: BackendInfo = sandbox
    ? {
        kind: 'embedded-sandbox',
        baseUrl,
        demoCredentials: { clerk: { ...DEMO_CREDENTIALS.clerk }, legacyKey: { ...DEMO_CREDENTIALS.legacyKey } }
      }
    : { kind: 'remote', baseUrl }

  // The embedded sandbox is on this computer: no proxy, plain http.
  const dispatcher = createNetworkDispatcher({
    connectTimeoutMs: 10_000,
    ...(sandbox
      ? {}
      : {
          ...(deps.network?.resolveProxy ? { resolveProxy: deps.network.resolveProxy } : {}),
          ...(deps.network?.electronFetch ? { electronFetch: deps.network.electronFetch } : {}),
          ca: deps.network?.ca
        })
  })
  const session = createSession({ baseUrl, dispatcher, store: tokenStoreFor(deps, info), now: deps.now })
  const connectivity = connectivityMonitor({
    probe: httpProbe({ baseUrl, dispatcher }),
    now: deps.now,
    ...(deps.network?.isOnline && !sandbox ? { isOnline: deps.network.isOnline } : {})
  })
  // The office's budget outlives a rebuilt client: the page tells it again only every few seconds.
  const office = createOfficeBudget()
  let quota: DailyQuotaCounter | undefined
  const buildClient = (settings: Settings) => {
    quota = sandbox
      ? undefined
      : dailyQuotaCounter({
          // The office's quota for the file when its team shares one (told with the office's share).
          limit: (fileId) => officeQuotaLimit({ dailyQuota: settings.dailyQuota, locked: deps.dailyQuotaLocked === true }, office.dailyQuota(fileId)),
          store: jsonFileQuotaStore(path.join(deps.userDataDir, 'daily-quota.json')),
          now: deps.now,
          othersUsed: office.othersUsed
        })
    return createApiClient({
      baseUrl,
      auth: session,
      dispatcher,
      format: settings.bodyFormat,
      onOutcome: (outcome) => connectivity.record(outcome),
      now: deps.now,
      // Paced like the live API, Practice included, so the app never runs the unpaced case (only the
      // bench does, with a client of its own). The daily quota is the live payroll file's: Practice spends none.
      limiter: requestRateLimiter({ perSecond: settings.requestsPerSecond, officeSlot: office.slot, onBusy: office.busy, now: deps.now, ...(deps.sleep ? { sleep: deps.sleep } : {}) }),
      ...(quota ? { quota } : {})
    })
  }
  let client = buildClient(deps.settings())

  // A keyring that does not answer (locked, D-Bus away) must not hold start-up: the restore goes on in the
  // background and the session tells its listeners when it lands.
  const restored = session.restore().catch((error: unknown) => deps.log(`The saved sign-in could not be read: ${error instanceof Error ? error.message : String(error)}`))
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([restored, new Promise<void>((resolve) => (timer = setTimeout(resolve, RESTORE_WAIT_MS)))])
  clearTimeout(timer)
  void connectivity.checkNow()

  return {
    info,
    ...(sandbox ? { practicePayroll: sandbox.store } : {}),
    session,
    api: () => client,
    connectivity,
    shareOfficeBudget: (share) => shareOfficeBudget(office, quota, share, deps.now),
    async reconfigure(settings) {
      const previous = client
      client = buildClient(settings)
      await previous.close()
    },
    async close() {
      connectivity.stop()
      session.close()
      await client.close()
      await dispatcher.close()
      await sandbox?.close()
    }
  }
}

async function startEmbeddedSandbox(deps: BackendDeps): Promise<Sandbox> {
  const dataFile = deps.sandboxDataFile === undefined ? path.join(deps.userDataDir, 'sandbox-data.json') : deps.sandboxDataFile
  return startSandbox({ port: 0, host: '127.0.0.1', ...(dataFile ? { dataFile } : {}), warn: deps.log })
}

/**
 * The session file is tied to the address it was issued by: a different address (a changed setting or
 * environment variable) finds no file, so a refresh token is never sent to a server that did not issue it.
 */
function tokenStoreFor(deps: BackendDeps, info: BackendInfo): TokenStore {
  if (!deps.cipher) return createMemoryTokenStore()
  const name =
    info.kind === 'embedded-sandbox'
      ? 'session-embedded-sandbox.bin'
      : `session-${createHash('sha256').update(info.baseUrl).digest('hex').slice(0, 16)}.bin`
  return createEncryptedFileTokenStore({
    filePath: path.join(deps.userDataDir, name),
    cipher: deps.cipher,
    allowBasicText: () => deps.settings().allowUnencryptedTokenStorage
  })
}
