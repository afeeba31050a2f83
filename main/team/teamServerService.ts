import type { Dispatcher } from 'undici'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import {
  defaultTeamDatabaseName,
  teamServerInputSchema,
  type TeamConnectionReport,
  type TeamFetchAnswer,
  type TeamFetchRequest,
  type TeamServerInput,
  type TeamServerView
} from '../../shared/ipc/teamServer'
import { headerValue } from '../api/classifyResponse'
import { sendHttpRequest } from '../api/sendHttpRequest'
import { createNetworkDispatcher, type NetworkOptions } from '../http/networkDispatcher'
import { testTeamConnection } from './teamConnectionTest'
import { basicAuthorization, teamRequestUrl, type TeamTarget } from './teamDatabaseUrl'
import type { StoredTeamServer, TeamServerStore } from './teamServerStore'

/**
 * Main's side of the team ledger: the settings (password kept here, never handed out), Test connection,
 * and `teamFetch`, the one road from the page's replicator to the server. Each request is sent to the
 * configured server's database for that payroll file, with Basic credentials added here, through main's
 * network (proxy, trust store; Chromium's stack in the app). Anything else is refused with a code.
 */
export interface TeamServerServiceDeps {
  store: TeamServerStore
  installId: string
  /** This computer's name, so colleagues read "mia at FRONT-DESK-2". */
  hostName: string
  /** True while the app runs Practice: its files use their own databases. */
  practice: () => boolean
  network?: Pick<NetworkOptions, 'resolveProxy' | 'ca' | 'electronFetch'>
  log?: (message: string) => void
}

/** A replication request that takes longer is abandoned (PouchDB retries): a live `_changes` feed waits 25 s. */
const TEAM_TIMEOUT_MS = 60_000

export interface TeamServerService {
  getTeamServer(): Promise<ApiResult<TeamServerView>>
  saveTeamServer(input: TeamServerInput): Promise<ApiResult<TeamServerView>>
  forgetTeamServer(): Promise<ApiResult<TeamServerView>>
  testTeamServer(input: TeamServerInput): Promise<ApiResult<TeamConnectionReport>>
  teamFetch(fileId: number, request: TeamFetchRequest): Promise<ApiResult<TeamFetchAnswer>>
  close(): Promise<void>
}

export function createTeamServerService(deps: TeamServerServiceDeps): TeamServerService {
  const log = deps.log ?? (() => {})
  let dispatcher: Dispatcher | null = null
  const network = () => (dispatcher ??= createNetworkDispatcher({ ...deps.network, connectTimeoutMs: 10_000, writesSafeToRepeat: true }))

  const view = (): TeamServerView => {
    const server = deps.store.current()
    return {
      configured: server !== null,
      address: server?.address ?? null,
      userName: server?.userName ?? null,
      passwordSaved: server !== null && server.password !== '',
      databases: server?.databases ?? {},
      passwordKeptOnDisk: deps.store.keptOnDisk(),
      me: { installId: deps.installId, clerkName: `${server?.userName ?? 'Leave Desk'} at ${deps.hostName}` }
    }
  }

  const databaseOf = (server: StoredTeamServer, fileId: number) =>
    server.databases[String(fileId)] ?? defaultTeamDatabaseName(fileId, deps.practice())

  /** The input with the saved password when none was typed; a failure when there is none to keep. */
  const withPassword = (input: TeamServerInput): ApiResult<StoredTeamServer & { database: string; fileId: number }> => {
    const parsed = teamServerInputSchema.parse(input)
    const saved = deps.store.current()
    const password = parsed.password ?? (saved && saved.address === parsed.address && saved.userName === parsed.userName ? saved.password : undefined)
    if (password === undefined) return fail({ code: 'bad-input', message: 'Password is required.', fieldIssues: [{ field: 'password', message: 'Password is required.' }] })
    return ok({ address: parsed.address, userName: parsed.userName, password, databases: saved?.databases ?? {}, database: parsed.database, fileId: parsed.fileId })
  }

  return {
    getTeamServer: async () => ok(view()),
    async saveTeamServer(input) {
      const complete = withPassword(input)
      if (!complete.ok) return complete
      const { database, fileId, ...server } = complete.value
      const databases = { ...server.databases }
      if (database === defaultTeamDatabaseName(fileId, deps.practice())) delete databases[String(fileId)]
      else databases[String(fileId)] = database
      await deps.store.save({ ...server, databases })
      log(`Team server set to ${new URL(server.address).host}, database ${database} for file ${fileId}.`)
      return ok(view())
    },
    async forgetTeamServer() {
      await deps.store.forget()
      log('Team server removed.')
      return ok(view())
    },
    async testTeamServer(input) {
      const complete = withPassword(input)
      if (!complete.ok) return complete
      const target: TeamTarget = { ...complete.value }
      return ok(await testTeamConnection(network(), target, deps.installId))
    },
    async teamFetch(fileId, request) {
      const server = deps.store.current()
      if (!server) return fail({ code: 'misconfigured', message: 'No team server is set up.' })
      const target: TeamTarget = { ...server, database: databaseOf(server, fileId) }
      const url = teamRequestUrl(target, request.path)
      if (!url) {
        log(`Team request refused: its path leaves the database (${request.method}).`)
        return fail({ code: 'forbidden', message: 'Leave Desk sends only to the team database.' })
      }
      const exchange = await sendHttpRequest(network(), {
        method: request.method,
        url,
        headers: {
          accept: 'application/json',
          authorization: basicAuthorization(server),
          ...(request.contentType ? { 'content-type': request.contentType } : {})
        },
        ...(request.body !== undefined ? { body: request.body } : {}),
        headersTimeoutMs: TEAM_TIMEOUT_MS,
        bodyTimeoutMs: TEAM_TIMEOUT_MS
      })
      if (exchange.kind === 'failed') {
        // The replicator retries by itself; the log names the host, never the credentials or a document.
        log(`Team server ${url.host} not reached: ${exchange.error instanceof Error ? exchange.error.message : 'failed'}`)
        return fail({ code: 'network', message: 'The team server cannot be reached.' })
      }
      const { status, headers, body } = exchange.answer
      return ok({ status, contentType: headerValue(headers, 'content-type') ?? 'application/json', body })
    },
    async close() {
      // A live replication's long poll may be waiting on the server: it is cut, not waited for.
      await dispatcher?.destroy()
      dispatcher = null
    }
  }
}
