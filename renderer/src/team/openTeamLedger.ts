import { CLAIM_ID_PREFIX } from '../../../shared/team/teamClaimDoc'
import type { TeamDatabases, TeamDb } from './teamDatabases'
import { createTeamFetch, TEAM_REMOTE_NAME, type TeamFetchApi } from './teamFetch'
import { feedLedger } from './ledgerFeed'
import { readAheadOfReplication } from './readAheadRemote'
import { withProgressInfoThatNeverRejects } from './remoteProgressInfo'
import { answerRevsDiffForUnheldInOneRead } from './replicaRevsDiff'
import { createTeamRequestIndex, type TeamRequestIndex } from './teamRequestIndex'
import { startTeamReplication, type ReplicatingDb, type TeamReplicationDeps } from './teamReplication'

/**
 * The team ledger of one payroll file in this page: the replica (IndexedDB, one per payroll file), the
 * remote handle whose every request crosses to main, live replication, and the validated index of
 * requests the checks read. With no team server configured nothing here is opened: the app works as
 * it does alone.
 */
export interface TeamLedger {
  databases: TeamDatabases
  requests: TeamRequestIndex
  /** The team server may be back: replicate now rather than at the end of the back-off (bounded). */
  retryNow(): void
  stop(): Promise<void>
}

export interface OpenTeamLedgerOptions {
  api: TeamFetchApi
  fileId: number
  /** The replica's IndexedDB name: the payroll's drafts database and the file (localLedgerName). */
  localName: string
  me: TeamDatabases['me']
  /** The app's is pouchdb-browser (appPouchDB.ts); Node tests pass PouchDB over the memory store. */
  PouchDB: PouchConstructor
  replication?: Pick<TeamReplicationDeps, 'wait' | 'now' | 'log'>
  /**
   * Practice: a new handle on the built-in practice team's database (practiceTeam.ts), replicated with
   * instead of the team server. Absent, the remote is the team server, reached through main.
   */
  openPracticeTeam?: () => unknown
  /** A `settings:` document written or deleted in the replica (sharedSettings.ts applies it). */
  onSharedSetting?: (change: LedgerChange) => void
  /** A `claim:` document changed in the replica (a colleague's claim, or a conflicting one, arrived). */
  onClaimChange?: () => void
}

export type LedgerChange = { id: string; deleted?: boolean; doc?: unknown }

/** Typed by what is used here, so PouchDB's own types stay inside this module. */
export type PouchConstructor = new (name: string, options?: Record<string, unknown>) => unknown

/**
 * A drafts database's name holds its payroll's address (`leave-desk-https://…`), and PouchDB reads any
 * name with `://` as a server to connect to: the replica's name keeps letters, digits, - and _ only.
 * (`-ledger-`: the replica's format changed with it, see replicaFormat.ts.)
 */
export function localLedgerName(draftsDatabase: string, fileId: number): string {
  return `${draftsDatabase.replace(/[^A-Za-z0-9_-]+/g, '_')}-ledger-file-${fileId}`
}

export function openTeamLedger(options: OpenTeamLedgerOptions): TeamLedger {
  const Pouch = options.PouchDB
  const local = new Pouch(options.localName, { auto_compaction: true })
  // Empty when opened (a clerk joining the office): the replica is not asked what it holds until caught up.
  let joining = false
  let caughtUpOnce = false
  void (local as { info(): Promise<{ update_seq: number | string }> })
    .info()
    .then((info) => (joining = !caughtUpOnce && Number(info.update_seq) === 0))
    .catch(() => undefined)
  answerRevsDiffForUnheldInOneRead(local, () => joining)
  const fetch = createTeamFetch(options.api, options.fileId)
  const { openPracticeTeam } = options
  const openRemote = openPracticeTeam
    ? () => openPracticeTeam() as TeamDb
    : () => withProgressInfoThatNeverRejects(readAheadOfReplication(new Pouch(TEAM_REMOTE_NAME, { adapter: 'http', fetch }))) as TeamDb
  const requests = createTeamRequestIndex()
  const feed = feedLedger(local, (change) => {
    if (change.id.startsWith('settings:')) options.onSharedSetting?.(change)
    else if (change.id.startsWith(CLAIM_ID_PREFIX)) options.onClaimChange?.()
    else requests.apply(change)
  })
  const catchUp: TeamReplicationDeps['catchUp'] = {
    catchingUp(on) {
      if (!on) [joining, caughtUpOnce] = [false, true]
      feed.catchingUp(on)
    },
    pulled: (docs) => feed.pulled(docs)
  }
  const replication = startTeamReplication({ local: local as ReplicatingDb, openRemote, catchUp, ...options.replication })

  const remote: TeamDb = {
    get: (...args) => replication.remote().get(...args),
    put: (...args) => replication.remote().put(...args),
    remove: (...args) => replication.remote().remove(...args),
    allDocs: (...args) => replication.remote().allDocs(...args),
    bulkDocs: (...args) => replication.remote().bulkDocs(...args),
    close: async () => undefined
  }
  return {
    databases: { local: local as TeamDb, remote, me: options.me },
    requests,
    retryNow: () => replication.retryNow(),
    async stop() {
      feed.stop()
      await replication.stop()
      await (local as TeamDb).close()
    }
  }
}
