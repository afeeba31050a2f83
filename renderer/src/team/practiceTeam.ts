import type { LeaveDeskApi } from '../../../shared/ipc'
import { openTeamLedger, type OpenTeamLedgerOptions, type TeamLedger } from './openTeamLedger'
import type { TeamDb, TeamDoc } from './teamDatabases'

/**
 * Practice's team (issue 29): no team server, a built-in one. The practice team is a database of its own
 * in this page (PouchDB, like the replica), holding what Sam, the practice colleague, sent through the
 * practice payroll (main/team/practiceColleague.ts). The replica replicates with it exactly as it does
 * with an office's team server, so everything the team adds (the team line, the calendar, the duplicate
 * and overlap warnings, the list, balances, export) shows in Practice.
 *
 * A practice team was chosen over a CouchDB-protocol server in main: express-pouchdb and its store would
 * add 217 packages (24 MB) to every install and a listening port, for a demonstration.
 *
 * Kept apart both ways: only Practice opens it (main gives Sam's requests to Practice alone), its replica
 * has a name of its own, and the team server is never asked while Practice runs.
 */
export const practiceTeamDatabaseName = (fileId: number) => `leave-desk-practice-ledger-file-${fileId}`
/** Its name while replicas were kept in PouchDB's older format (replicaFormat.ts). */
export const practiceTeamNameBeforeIndexeddb = (fileId: number) => `leave-desk-practice-team-file-${fileId}`

export type PracticeTeamOptions = Omit<OpenTeamLedgerOptions, 'api' | 'openPracticeTeam'> & {
  api: Pick<LeaveDeskApi, 'practiceColleagueRequests' | 'teamFetch'>
}

export async function openPracticeTeamLedger(options: PracticeTeamOptions): Promise<TeamLedger> {
  const sent = await options.api.practiceColleagueRequests(options.fileId)
  if (!sent.ok) throw new Error(`The practice colleague's requests were not given: ${sent.error.message}`)
  const name = practiceTeamDatabaseName(options.fileId)
  const team = new options.PouchDB(name) as TeamDb
  try {
    await addWhatIsMissing(team, sent.value)
  } finally {
    await team.close()
  }
  return openTeamLedger({ ...options, localName: `${options.localName}-practice`, openPracticeTeam: () => new options.PouchDB(name) })
}

/** Sam's documents not in the practice team yet (a practice team kept from an earlier run has the rest). */
async function addWhatIsMissing(team: TeamDb, docs: readonly TeamDoc[]): Promise<void> {
  if (docs.length === 0) return
  const found = await team.allDocs({ keys: docs.map((doc) => doc._id) })
  const present = new Set(found.rows.filter((row) => row.value && !row.value.deleted).map((row) => row.id))
  const missing = docs.filter((doc) => !present.has(doc._id))
  if (missing.length > 0) await team.bulkDocs(missing)
}
