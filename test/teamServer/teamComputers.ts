import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ApiResult } from '../../shared/apiError'
import { aesGcmTestCipher } from '../../main/auth/testSupport/aesGcmTestCipher'
import { createIpcDispatcher } from '../../main/ipc/ipcDispatch'
import { createServices, type RunningServices } from '../../main/services'
import { openSettingsStore } from '../../main/settingsStore'
import type { LeaveDeskApi } from '../../shared/ipc'
import { openTeamLedger, type OpenTeamLedgerOptions, type TeamLedger } from '../../renderer/src/team/openTeamLedger'
import { pouchdbUnderNode, type TeamServer } from './startTeamServer'
import { setUpTeamOffice, teamPasswordOf } from './teamServerUsers'

/**
 * Clerks' computers for the team ledger's integration tests: each has main's own services (its own data
 * folder, encrypted team password) and a replica opened by the renderer's own code, whose requests cross
 * main's IPC dispatcher (zod-parsed) to the one team server. The replica is PouchDB over the memory store
 * (the app's is IndexedDB, which the e2e tests drive in Chromium). Replication's back-off is shortened (the
 * waits are the only thing changed), so a restarted server is found in milliseconds, not seconds.
 */
export const TEAM_FILE_ID = 7
export const TEAM_DATABASE = 'leave-desk-file-7'

export interface TeamComputer {
  name: string
  main: RunningServices
  ledger: TeamLedger
  close(): Promise<void>
}

let opened = 0

export const setUpOffice = (server: TeamServer, clerks: readonly string[]) => setUpTeamOffice(server, TEAM_DATABASE, clerks)

export interface TeamComputerOptions {
  /** Each of the replica's requests to main as it is answered: its path and how long it took (the bench's phases). */
  onTeamFetch?: (path: string, ms: number) => void
  /** Replication's waits and clock; default waits of 50 ms and the real clock. */
  replication?: Pick<NonNullable<OpenTeamLedgerOptions['replication']>, 'wait' | 'now'>
}

/** Main's own services for `clerk`, in a data folder of its own, with the team server saved (password sealed). */
export async function openTeamMain(server: TeamServer, clerk: string): Promise<{ main: RunningServices; me: TeamLedger['databases']['me']; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `leave-desk-${clerk}-`))
  const settings = await openSettingsStore({ filePath: path.join(dir, 'settings.json') })
  const main = await createServices({ settings, userDataDir: dir, appVersion: 'test', sandboxDataFile: null, cipher: aesGcmTestCipher(), hostName: `${clerk.toUpperCase()}-PC` })
  const saved = await main.services.saveTeamServer({ address: server.url, userName: clerk, password: teamPasswordOf(clerk), fileId: TEAM_FILE_ID, database: TEAM_DATABASE })
  if (!saved.ok) throw new Error(saved.error.message)
  return {
    main,
    me: saved.value.me,
    async close() {
      await main.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
}

export async function openTeamComputer(server: TeamServer, clerk: string, options: TeamComputerOptions = {}): Promise<TeamComputer> {
  const { main, me, close } = await openTeamMain(server, clerk)
  const dispatch = createIpcDispatcher(main.services)
  const observe = options.onTeamFetch
  const api = {
    teamFetch: async (...args: unknown[]) => {
      if (!observe) return dispatch('teamFetch', args)
      const started = performance.now()
      const answer = await dispatch('teamFetch', args)
      observe((args[1] as { path?: string } | undefined)?.path ?? '', performance.now() - started)
      return answer
    }
  } as Pick<LeaveDeskApi, 'teamFetch'> & { teamFetch: (...args: unknown[]) => Promise<ApiResult<never>> }
  opened += 1
  const ledger = openTeamLedger({
    api,
    fileId: TEAM_FILE_ID,
    localName: `${clerk}-${process.pid}-${opened}-team-file-${TEAM_FILE_ID}`,
    me,
    PouchDB: pouchdbUnderNode(),
    replication: { wait: (_ms, stop) => shortWait(stop), log: () => undefined, ...options.replication }
  })
  return {
    name: clerk,
    main,
    ledger,
    async close() {
      await ledger.stop()
      await close()
    }
  }
}

function shortWait(stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 50)
    stop.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })
}
