import { hostname } from 'node:os'
import path from 'node:path'
import type { Cipher } from '../auth/cipher'
import type { NetworkSetup } from '../backend'
import type { SettingsStore } from '../settingsStore'
import { readInstallId } from './installIdentity'
import { createTeamServerService, type TeamServerService } from './teamServerService'
import { openTeamServerStore, TEAM_SERVER_FILE_NAME } from './teamServerStore'

/** The team server's service with its files in the user-data folder (services.ts composes it). */
export async function openTeamServerService(deps: {
  userDataDir: string
  settings: SettingsStore
  practice: () => boolean
  cipher?: Cipher
  network?: NetworkSetup
  hostName?: string
  log: (message: string) => void
}): Promise<TeamServerService> {
  const store = await openTeamServerStore({
    filePath: path.join(deps.userDataDir, TEAM_SERVER_FILE_NAME),
    ...(deps.cipher ? { cipher: deps.cipher } : {}),
    // The clerk's keyring-less opt-in for the payroll session covers this password too: one choice, one place.
    allowBasicText: () => deps.settings.current().allowUnencryptedTokenStorage,
    log: deps.log
  })
  return createTeamServerService({
    store,
    installId: await readInstallId(path.join(deps.userDataDir, 'install-id.txt')),
    hostName: deps.hostName ?? hostname(),
    practice: deps.practice,
    ...(deps.network
      ? {
          network: {
            ...(deps.network.resolveProxy ? { resolveProxy: deps.network.resolveProxy } : {}),
            ...(deps.network.electronFetch ? { electronFetch: deps.network.electronFetch } : {}),
            ca: deps.network.ca
          }
        }
      : {}),
    log: deps.log
  })
}
