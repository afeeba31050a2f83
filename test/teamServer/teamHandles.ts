import { NodePouch } from './pouchdbForNode'
import type { TeamDatabases, TeamDb } from '../../renderer/src/team/teamDatabases'

/**
 * Real team handles for one install in a Node test: `remote` a PouchDB http handle to the team server's
 * database, `local` an in-memory replica (the app's is pouchdb-browser in IndexedDB, opened by the
 * ledger). The memory store is shared by the whole process, so each install's replica gets its own name.
 */
const TeamPouch = NodePouch

let replicas = 0

export function openTeamDatabases(databaseUrl: string, me: TeamDatabases['me']): TeamDatabases {
  replicas += 1
  const local = new TeamPouch(`replica-${process.pid}-${replicas}-${me.installId}`, { adapter: 'memory' }) as TeamDb
  const remote = new TeamPouch(databaseUrl, { adapter: 'http' }) as TeamDb
  return { local, remote, me }
}

/** One round of two-way replication between an install's replica and the server, as the ledger's live one would do. */
export async function replicateOnce(team: TeamDatabases): Promise<void> {
  await TeamPouch.replicate(team.local, team.remote)
  await TeamPouch.replicate(team.remote, team.local)
}
