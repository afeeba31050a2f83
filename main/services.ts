import path from 'node:path'
import { fail, ok, type ApiResult } from '../shared/apiError'
import type { OrganisationPolicy, StorageLocations } from '../shared/ipc/appInfo'
import type { ConnectionReport } from '../shared/ipc/connectionTest'
import { apiBaseUrlSchema } from '../shared/ipc/settings'
import type { Settings } from '../shared/ipc/settings'
import type { ConnectivityStatus } from '../shared/ipc/connectivity'
import type { SessionStatus } from '../shared/ipc/sessionStatus'
import type { InsertUpdateResult } from '../shared/apiSchemas'
import type { FileIdentity as FileIdentityInfo } from '../shared/ipc/fileIdentity'
import { payrollKeyOf } from '../shared/ipc/writesInFlight'
import { createWritesInFlight, type WriteAsker, type WritesInFlight } from './api/writesInFlight'
import type { CallContext, ContextualServices } from './ipc/ipcDispatch'
import type { Cipher } from './auth/cipher'
import { openBackend, type Backend, type NetworkSetup } from './backend'
import { createNetworkDispatcher } from './http/networkDispatcher'
import { createInFlightRequests, type InFlightRequests } from './inFlightRequests'
import { testConnection } from './api/testConnection'
import type { SettingsStore } from './settingsStore'
import { createListenerSet } from '../shared/primitives'
import { updatesOff, type UpdateChannels } from './updates/updateChannels'
import { openTeamServerService } from './team/openTeamServerService'
import { createPracticeColleague, type PracticeColleague } from './team/practiceColleague'
import type { SandboxStore } from './sandbox'

/**
 * The composition root of main's services: settings + the current backend (session, API client,
 * connectivity) behind the plain async functions the IPC contract binds. Free of Electron (safeStorage
 * and paths are injected), so tests and the Playwright harness run it under plain Node.
 */
export interface ServicesDeps {
  settings: SettingsStore
  userDataDir: string
  /** LEAVE_DESK_API_URL: when set (and valid) it wins over the settings. */
  envApiUrl?: string | undefined
  cipher?: Cipher
  appVersion: string
  now?: () => number
  log?: (message: string) => void
  /** Embedded sandbox data file; default under the user-data folder, null keeps it in memory. */
  sandboxDataFile?: string | null
  /** The system proxy and trusted roots for remote addresses (Electron's session in the app). */
  network?: NetworkSetup
  /** Counts the writes while they are out; main's close guard may pass its own. Default: a fresh one. */
  inFlight?: InFlightRequests
  /** Where the log files go (Electron's logs path); default `logs` under the user-data folder. */
  logsDir?: string
  /** Opens a folder in the system's file manager (Electron's shell.openPath: '' or an error text). */
  openPath?: (folder: string) => Promise<string>
  /** "Test connection"; default: main/api/testConnection.ts through the office's proxy and trust. */
  testConnection?: (address: string) => Promise<ApiResult<ConnectionReport>>
  /** Application updates (main/updates); off when not given. */
  updates?: UpdateChannels
  /** What the machine policy locks, and why it was not applied (main/policy), for Settings. */
  organisationPolicy?: OrganisationPolicy
  /** The rate limiter's waits (backend.ts); default a timer. */
  sleep?: (ms: number) => Promise<void>
  /** This computer's name as colleagues on the team server see it; default the OS host name. */
  hostName?: string
}

/** How long a switch of payroll waits for the writes out to the payroll it leaves. */
export const SWITCH_WAIT_MS = 30_000
export const SWITCHING_PAYROLL_MESSAGE = 'Not sent: Leave Desk is switching payroll.'

/** The settings file's name in the user-data folder (main/index.ts opens it there). */
export const SETTINGS_FILE_NAME = 'settings.json'

export interface RunningServices {
  /** The contract's services; a write's optional trailing context carries the calling page's signal. */
  services: ContextualServices
  /** The backend in use now (tests reach the embedded sandbox's address through it). */
  backend(): Backend
  /** The writes still out (quitting asks and waits on it) and the answers a reloaded page has not taken. */
  writes: Pick<WritesInFlight<InsertUpdateResult>, 'count' | 'whenSettled'>
  close(): Promise<void>
}

export async function createServices(deps: ServicesDeps): Promise<RunningServices> {
  const now = deps.now ?? Date.now
  const log = deps.log ?? (() => {})
  const envUrl = validEnvUrl(deps.envApiUrl, log)
  const remoteUrlFor = (settings: Settings) => envUrl ?? settings.apiBaseUrl
  const locations: StorageLocations = {
    settingsFile: path.join(deps.userDataDir, SETTINGS_FILE_NAME),
    draftsFolder: path.join(deps.userDataDir, 'IndexedDB'),
    logsFolder: deps.logsDir ?? path.join(deps.userDataDir, 'logs')
  }
  const open = (remoteUrl: string | null) =>
    openBackend({
      remoteUrl,
      settings: () => deps.settings.current(),
      userDataDir: deps.userDataDir,
      ...(deps.cipher ? { cipher: deps.cipher } : {}),
      now,
      log,
      ...(deps.sandboxDataFile !== undefined ? { sandboxDataFile: deps.sandboxDataFile } : {}),
      ...(deps.network ? { network: deps.network } : {}),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      dailyQuotaLocked: deps.organisationPolicy?.locked.includes('dailyQuota') === true
    })

  const writes = createWritesInFlight<InsertUpdateResult>({ now, inFlight: deps.inFlight ?? createInFlightRequests() })
  const appUpdates = deps.updates ?? updatesOff()
  const sessionListeners = createListenerSet<SessionStatus>()
  const connectivityListeners = createListenerSet<ConnectivityStatus>()
  let backend = await open(remoteUrlFor(deps.settings.current()))
  const team = await openTeamServerService({
    userDataDir: deps.userDataDir,
    settings: deps.settings,
    practice: () => backend.info.kind === 'embedded-sandbox',
    ...(deps.cipher ? { cipher: deps.cipher } : {}),
    ...(deps.network ? { network: deps.network } : {}),
    ...(deps.hostName ? { hostName: deps.hostName } : {}),
    log
  })
  let unrelay = relay(backend)
  let practiceColleague: { payroll: SandboxStore; sam: PracticeColleague } | undefined
  let closed = false
  /** Settings updates (and the backend switches they cause) run one at a time, in call order. */
  let updates: Promise<unknown> = Promise.resolve()

  /** The services' subscribers outlive any one backend: re-point the relay when the backend changes. */
  function relay(target: Backend): () => void {
    const stops = [
      target.session.onChange((status) => sessionListeners.emit(status)),
      target.connectivity.onChange((status) => connectivityListeners.emit(status))
    ]
    return () => stops.forEach((stop) => stop())
  }

  async function switchBackend(remoteUrl: string | null): Promise<void> {
    // Writes received for this payroll finish first (each is bound to this backend at receipt); new ones
    // are refused meanwhile, and after the switch one written for this payroll is refused as another's.
    const letNewOnes = writes.holdNew(SWITCHING_PAYROLL_MESSAGE)
    try {
      await writes.whenSettled(SWITCH_WAIT_MS)
      await replaceBackend(remoteUrl)
    } finally {
      letNewOnes()
    }
  }

  async function replaceBackend(remoteUrl: string | null): Promise<void> {
    const previous = backend
    // The old server's session must not linger on disk once the clerk has moved to another server.
    await previous.session.signOut()
    unrelay()
    backend = await open(remoteUrl)
    unrelay = relay(backend)
    await previous.close()
    sessionListeners.emit(backend.session.status())
    connectivityListeners.emit(backend.connectivity.status())
  }

  async function applySettings(before: Settings, after: Settings): Promise<void> {
    if (remoteUrlFor(before) !== remoteUrlFor(after)) return switchBackend(remoteUrlFor(after))
    const clientChanged =
      before.bodyFormat !== after.bodyFormat ||
      before.requestsPerSecond !== after.requestsPerSecond ||
      before.dailyQuota !== after.dailyQuota
    if (clientChanged) await backend.reconfigure(after)
  }

  const signedIn = <T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> =>
    backend.session.status().state === 'signed-in'
      ? run()
      : Promise.resolve(fail({ code: 'signed-out', message: 'Sign in to reach the payroll service.' }))

  async function setUnencryptedTokenStorage(allowed: boolean): Promise<ApiResult<SessionStatus>> {
    const saved = await deps.settings.update({ allowUnencryptedTokenStorage: allowed })
    if (!saved.ok) return saved
    return ok(await backend.session.persistAgain())
  }

  const services: ContextualServices = {
    signInWithPassword: (username, password) => backend.session.signInWithPassword(username, password),
    signInWithLegacyKey: (wsAccessKey, fileId) => backend.session.signInWithLegacyKey(wsAccessKey, fileId),
    signOut: async () => ok(await backend.session.signOut()),
    getSessionStatus: async () => ok(backend.session.status()),
    allowUnencryptedTokenStorage: () => setUnencryptedTokenStorage(true),
    // Saving again with the consent gone removes the file (the token store writes only what it may keep).
    withdrawUnencryptedTokenStorage: () => setUnencryptedTokenStorage(false),
    listFiles: () => signedIn(async () => ok(backend.session.status().fileIds)),
    listFileIdentities: () => signedIn(() => listFileIdentities(backend)),
    // Bound at receipt to the backend in use then: a write never reaches a payroll switched to later.
    insertLeaveRequest: (fileId, body, requestKey, payroll, context) => {
      const bound = backend
      return writes.track(writeAsker(bound, requestKey, payroll, context), () => bound.api().insertLeaveRequest(fileId, body, writeOptionsOf(context)))
    },
    getLeaveRequest: (fileId, id) => backend.api().getLeaveRequest(fileId, id),
    shareOfficeBudget: async (share) => ok(await backend.shareOfficeBudget(share)),
    putLeaveRequest: (fileId, id, body, requestKey, payroll, context) => {
      const bound = backend
      return writes.track(writeAsker(bound, requestKey, payroll, context), () => bound.api().putLeaveRequest(fileId, id, body, writeOptionsOf(context)))
    },
    listWritesInFlight: async () => ok(writes.list()),
    takeSettledWrites: async () => ok(writes.takeSettled()),
    listEntitlements: (fileId) => backend.api().listEntitlements(fileId),
    listEmployees: (fileId, options) =>
      backend.api().listEmployees(fileId, { includeLeaveBalances: true, ...(options?.leaveBalanceAsAt ? { leaveBalanceAsAt: options.leaveBalanceAsAt } : {}) }),
    listContacts: (fileId) => backend.api().listContacts(fileId),
    getSettings: async () => ok(deps.settings.current()),
    updateSettings(patch) {
      const run = updates.then(async () => {
        const before = deps.settings.current()
        const saved = await deps.settings.update(patch)
        if (saved.ok) await applySettings(before, saved.value)
        return saved
      })
      updates = run.catch(() => undefined)
      return run
    },
    getConnectivityStatus: async () => ok(backend.connectivity.status()),
    async testConnection(address) {
      if (deps.testConnection) return deps.testConnection(address)
      // Its own connections, through the same proxy and trust as a backend at that address would use.
      const dispatcher = createNetworkDispatcher({ ...deps.network, connectTimeoutMs: 10_000 })
      try {
        return ok(await testConnection(address, dispatcher))
      } finally {
        await dispatcher.close()
      }
    },
    getAppInfo: async () =>
      ok({
        name: 'Leave Desk',
        version: deps.appVersion,
        backend: backend.info,
        addressFromEnvironment: envUrl !== null,
        locations,
        ...(deps.organisationPolicy ? { organisationPolicy: deps.organisationPolicy } : {})
      }),
    async openLogsFolder() {
      if (!deps.openPath) return fail({ code: 'unavailable', message: 'Leave Desk cannot open folders here.' })
      const problem = await deps.openPath(locations.logsFolder)
      if (problem) {
        log(`Could not open the logs folder: ${problem}`)
        return fail({ code: 'unavailable', message: 'The logs folder could not be opened. Its path is shown in the settings.' })
      }
      return ok(null)
    },
    async checkConnectivity() {
      await backend.connectivity.checkNow()
      return ok(backend.connectivity.status())
    },
    getUpdateStatus: () => appUpdates.getUpdateStatus(),
    restartToUpdate: () => appUpdates.restartToUpdate(),
    getTeamServer: () => team.getTeamServer(),
    saveTeamServer: (server) => team.saveTeamServer(server),
    forgetTeamServer: () => team.forgetTeamServer(),
    testTeamServer: (server) => team.testTeamServer(server),
    teamFetch: (fileId, request) => team.teamFetch(fileId, request),
    async practiceColleagueRequests(fileId) {
      // Only the embedded sandbox has Sam: a real payroll's ledger never receives a practice colleague's work.
      const payroll = backend.practicePayroll
      if (!payroll) return fail({ code: 'forbidden', message: 'Only Practice has a practice colleague.' })
      practiceColleague = practiceColleague?.payroll === payroll ? practiceColleague : { payroll, sam: createPracticeColleague({ payroll, now }) }
      return ok(await practiceColleague.sam.requestsOf(fileId))
    },
    onUpdateStatus: (listener) => appUpdates.onUpdateStatus(listener),
    onSessionChanged(listener) {
      return sessionListeners.add(listener)
    },
    onConnectivityChanged(listener) {
      return connectivityListeners.add(listener)
    }
  }

  return {
    services,
    backend: () => backend,
    writes,
    async close() {
      if (closed) return
      closed = true
      unrelay()
      sessionListeners.clear()
      connectivityListeners.clear()
      await team.close()
      await backend.close()
    }
  }
}

/**
 * The files by name. A legacy key opens one file and the file list is an account-level call, so that
 * session (and an API without the list: 404) gets the scope's ids without names. A file in the scope the
 * list leaves out is still offered, by its number.
 */
async function listFileIdentities(backend: Backend): Promise<ApiResult<FileIdentityInfo[]>> {
  const status = backend.session.status()
  const byNumber = (ids: number[]) => ids.map((id) => ({ id, name: null, country: null }))
  if (status.method === 'legacy') return ok(byNumber(status.fileIds))
  const listed = await backend.api().listFileIdentities()
  if (!listed.ok) return listed.error.code === 'not-found' ? ok(byNumber(status.fileIds)) : listed
  const named = listed.value.map((file) => ({ id: file.Id, name: file.Name, country: file.Country ?? null }))
  const known = new Set(named.map((file) => file.id))
  return ok([...named, ...byNumber(status.fileIds.filter((id) => !known.has(id)))])
}

function writeAsker(bound: Backend, requestKey: string | undefined, payroll: string | undefined, context: CallContext | undefined): WriteAsker {
  return { requestKey, payroll, current: payrollKeyOf(bound.info), signal: context?.signal }
}

function writeOptionsOf(context: CallContext | undefined): { signal?: AbortSignal } {
  return context?.signal ? { signal: context.signal } : {}
}

function validEnvUrl(value: string | undefined, log: (message: string) => void): string | null {
  if (!value) return null
  const parsed = apiBaseUrlSchema.safeParse(value)
  if (parsed.success) return parsed.data
  log(`LEAVE_DESK_API_URL is not a usable API address (${parsed.error.issues[0]?.message ?? 'invalid'}); ignoring it.`)
  return null
}
