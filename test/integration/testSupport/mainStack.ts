import { Agent } from 'undici'
import { fail, ok } from '../../../shared/apiError'
import type { Services } from '../../../shared/ipc'
import { connectivityMonitor, createApiClient, httpProbe, type ConnectivityMonitor } from '../../../main/api'
import type { ApiClientOptions } from '../../../main/api/apiClient'
import { shareOfficeBudget, type OfficeBudget } from '../../../main/api/officeBudget'
import { createSession, createMemoryTokenStore, type Session } from '../../../main/auth'
import { createWritesInFlight, type WritesInFlight } from '../../../main/api/writesInFlight'
import { createIpcDispatcher, type CallContext, type Dispatch } from '../../../main/ipc/ipcDispatch'
import type { InsertUpdateResult } from '../../../shared/apiSchemas'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox, type SandboxOptions } from '../../../main/sandbox'

/**
 * Main's side of the app for the sync tests, built from the real pieces: the sandbox on 127.0.0.1, the
 * OAuth session, the API client (with a short headers timeout so "no answer" takes half a second), the
 * connectivity monitor, and the real IPC dispatcher in front of them. Only the composition is ours:
 * main/services.ts cannot be given short timeouts.
 */
export const HEADERS_TIMEOUT_MS = 500

export interface MainStack {
  sandbox: Sandbox
  session: Session
  connectivity: ConnectivityMonitor
  services: Services
  /** The IPC pipeline: bounds, zod parsing of the arguments, the service, errors as coded results. */
  dispatch: Dispatch
  signIn(): Promise<void>
  /**
   * Holds every payroll write main receives from now on (as a slow payroll would, but past any timeout)
   * until the returned function is called: main has the request, its page has no answer yet.
   */
  holdWrites(): () => void
  close(): Promise<void>
}

/** Several installs on one payroll: each its own main (session, client, pace) against one `sandbox`, not closed with the stack. */
export interface StackOptions {
  sandbox?: Sandbox
  /** The client's pace and daily count, as main/backend.ts composes them for a live payroll. */
  client?: Pick<ApiClientOptions, 'limiter' | 'quota'>
  /** The office's rate budget the limiter and quota above read (main/api/officeBudget.ts), told by the page. */
  office?: OfficeBudget
}

export async function startMainStack(sandboxOptions: SandboxOptions = {}, options: StackOptions = {}): Promise<MainStack> {
  const sandbox = options.sandbox ?? (await startSandbox({ ...sandboxOptions, port: 0 }))
  const dispatcher = new Agent({ keepAliveTimeout: 2_000, connect: { timeout: 2_000 } })
  const session = createSession({ baseUrl: sandbox.baseUrl, dispatcher, store: createMemoryTokenStore(), now: Date.now, requestTimeoutMs: 5_000 })
  const connectivity = connectivityMonitor({ probe: httpProbe({ baseUrl: sandbox.baseUrl, dispatcher, timeoutMs: 2_000 }) })
  const client = createApiClient({
    baseUrl: sandbox.baseUrl,
    auth: session,
    dispatcher,
    timeouts: { headersMs: HEADERS_TIMEOUT_MS, bodyMs: HEADERS_TIMEOUT_MS },
    onOutcome: (outcome) => connectivity.record(outcome),
    ...options.client
  })
  const writes = createWritesInFlight<InsertUpdateResult>()
  let held: Promise<void> | undefined
  const services = servicesOf(session, client, connectivity, writes, () => held)
  const { office } = options
  if (office) services.shareOfficeBudget = async (share) => ok(await shareOfficeBudget(office, options.client?.quota, share, Date.now))
  await connectivity.checkNow()

  return {
    sandbox,
    session,
    connectivity,
    services,
    dispatch: createIpcDispatcher(services),
    async signIn() {
      const signedIn = await session.signInWithPassword(DEMO_CREDENTIALS.clerk.username, DEMO_CREDENTIALS.clerk.password)
      if (!signedIn.ok) throw new Error(`Sign-in failed: ${signedIn.error.message}`)
    },
    holdWrites() {
      let release: () => void = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = undefined
        release()
      }
    },
    async close() {
      connectivity.stop()
      session.close()
      await client.close()
      if (!options.sandbox) await sandbox.close()
      await dispatcher.close()
    }
  }
}

/** The stack's payroll, as main would name it (the sandbox stands in for a remote payroll). */
export const STACK_PAYROLL = 'https://payroll.test.invalid'
const asker = (requestKey: string | undefined, payroll: string | undefined, context: CallContext | undefined) => ({
  requestKey,
  payroll,
  current: STACK_PAYROLL,
  signal: context?.signal
})

const notInThisStack = async () => fail({ code: 'internal', message: 'Not part of the sync test stack.' })

function servicesOf(
  session: Session,
  client: ReturnType<typeof createApiClient>,
  connectivity: ConnectivityMonitor,
  writes: WritesInFlight<InsertUpdateResult>,
  hold: () => Promise<void> | undefined
): Services {
  const afterHold = <T>(write: () => Promise<T>) => (hold() ?? Promise.resolve()).then(write)
  return {
    signInWithPassword: (username, password) => session.signInWithPassword(username, password),
    signInWithLegacyKey: (key, fileId) => session.signInWithLegacyKey(key, fileId),
    signOut: async () => ok(await session.signOut()),
    getSessionStatus: async () => ok(session.status()),
    allowUnencryptedTokenStorage: notInThisStack,
    withdrawUnencryptedTokenStorage: notInThisStack,
    listFiles: async () => ok(session.status().fileIds),
    // The page's lifetime (a window's signal) decides whether main keeps the answer for the next page.
    insertLeaveRequest: (fileId, body, requestKey, payroll, context?: CallContext) =>
      writes.track(asker(requestKey, payroll, context), () => afterHold(() => client.insertLeaveRequest(fileId, body))),
    getLeaveRequest: (fileId, id) => client.getLeaveRequest(fileId, id),
    putLeaveRequest: (fileId, id, body, requestKey, payroll, context?: CallContext) =>
      writes.track(asker(requestKey, payroll, context), () => afterHold(() => client.putLeaveRequest(fileId, id, body))),
    listEntitlements: (fileId) => client.listEntitlements(fileId),
    listEmployees: (fileId, options) =>
      client.listEmployees(fileId, { includeLeaveBalances: true, ...(options?.leaveBalanceAsAt ? { leaveBalanceAsAt: options.leaveBalanceAsAt } : {}) }),
    listContacts: (fileId) => client.listContacts(fileId),
    getSettings: notInThisStack,
    updateSettings: notInThisStack,
    getConnectivityStatus: async () => ok(connectivity.status()),
    getAppInfo: notInThisStack,
    getUpdateStatus: notInThisStack,
    restartToUpdate: notInThisStack,
    getTeamServer: notInThisStack,
    saveTeamServer: notInThisStack,
    forgetTeamServer: notInThisStack,
    testTeamServer: notInThisStack,
    teamFetch: notInThisStack,
    practiceColleagueRequests: notInThisStack,
    listWritesInFlight: async () => ok(writes.list()),
    takeSettledWrites: async () => ok(writes.takeSettled()),
    testConnection: notInThisStack,
    openLogsFolder: notInThisStack,
    checkConnectivity: async () => {
      await connectivity.checkNow()
      return ok(connectivity.status())
    },
    listFileIdentities: notInThisStack,
    shareOfficeBudget: notInThisStack,
    onSessionChanged: (listener) => session.onChange(listener),
    onConnectivityChanged: (listener) => connectivity.onChange(listener),
    onUpdateStatus: () => () => {}
  }
}
