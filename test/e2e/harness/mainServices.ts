import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SettingsPatch } from '../../../shared/ipc/settings'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../main/sandbox'
import { createServices, type RunningServices } from '../../../main/services'
import { openSettingsStore } from '../../../main/settingsStore'
import type { UpdateChannels } from '../../../main/updates/updateChannels'

/**
 * Main's real services under Node, pointed at a peer sandbox the test can reach (faults, store, stats).
 * No cipher, so the session lives in memory for this test only; settings and the quota file go to a
 * temporary user-data folder removed on close.
 */
export interface MainServicesOptions {
  sandbox?: SandboxOptions
  /** Applied before the services start, as if the clerk had saved them earlier. */
  settings?: SettingsPatch
  /**
   * The clerk chooses the payroll in the app (the welcome step, then Settings), as in a real install:
   * no LEAVE_DESK_API_URL, so main starts on its embedded sandbox (Practice). The peer sandbox is then
   * a payroll the test can connect to by its address. Default false: the peer sandbox by environment.
   */
  chooseInApp?: boolean
  /** Application updates as main/updates serves them (a service around an updater double); default off. */
  updates?: UpdateChannels
  /** One payroll sandbox shared by several clerks' apps (twoClerks.ts); it is then not stopped here. */
  sharedSandbox?: Sandbox
  /** This computer's name, as colleagues on a team server see it. */
  hostName?: string
  /** Names this app's main log when a failing test attaches it (two clerks, two logs). */
  logName?: string
}

export interface MainServices {
  sandbox: Sandbox
  running: RunningServices
  userDataDir: string
  /** Main's log lines (the dispatcher reports unexpected errors here), for a failing test's message. */
  log: string[]
  close(): Promise<void>
}

/**
 * The sandbox is a remote API to the services, so the client paces itself as it would against the live
 * API (1 request per second by default). Tests raise that: a suite throttled to the live rate would
 * take minutes. A test about pacing sets `requestsPerSecond` (or the sandbox's `ratePerSecond`) itself.
 */
export const FAST_TEST_SETTINGS: SettingsPatch = { requestsPerSecond: 50, dailyQuota: 1_000_000 }

export async function startMainServices(options: MainServicesOptions = {}): Promise<MainServices> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-e2e-'))
  const log: string[] = []
  const closers: (() => Promise<void>)[] = [() => rm(userDataDir, { recursive: true, force: true })]
  const close = async () => {
    const errors: unknown[] = []
    for (const closer of closers.splice(0).reverse()) await closer().catch((error: unknown) => errors.push(error))
    if (errors.length > 0) throw new AggregateError(errors, 'Stopping the main services failed.')
  }
  try {
    const sandbox = options.sharedSandbox ?? (await startSandbox({ warn: (message) => log.push(`[sandbox] ${message}`), ...options.sandbox, port: 0 }))
    if (!options.sharedSandbox) closers.push(() => sandbox.close())
    const settings = await openSettingsStore({ filePath: path.join(userDataDir, 'settings.json'), warn: (m) => log.push(m) })
    const saved = await settings.update({ ...FAST_TEST_SETTINGS, ...options.settings })
    if (!saved.ok) throw new Error(`The test settings are not valid: ${saved.error.message}`)
    const running = await createServices({
      settings,
      userDataDir,
      ...(options.chooseInApp ? {} : { envApiUrl: sandbox.baseUrl }),
      appVersion: '0.0.0-e2e',
      log: (message) => log.push(message),
      ...(options.updates ? { updates: options.updates } : {}),
      ...(options.hostName ? { hostName: options.hostName } : {})
    })
    closers.push(() => running.close())
    return { sandbox, running, userDataDir, log, close }
  } catch (error) {
    await close().catch(() => undefined)
    throw error
  }
}
