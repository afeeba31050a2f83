import '../shared/zodJitless'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { app, crashReporter, ipcMain, Menu, net, powerMonitor, protocol, session, shell, type BrowserWindow } from 'electron'
import log from 'electron-log/main'
import { APP_ID, userDataDirFor } from './appIdentity'
import { appMenuTemplate } from './window/appMenu'
import { createAppProtocolHandler } from './window/appProtocol'
import { prepareSafeStorageCipher } from './auth/safeStorageCipher'
import { createCloseGuard } from './window/closeGuard'
import { askBeforeClosing, showStartupFailure, tellRecovery } from './window/dialogs'
import { netRequestFetch, type NetClientRequest } from './http/netRequestFetch'
import { CHROMIUM_SWITCHES, WRITES_PARTITION } from './http/writeConnections'
import { createProxySignIn } from './http/proxySignIn'
import { trustedCertificates } from './http/trustedCertificates'
import { startCrashReporting } from './diagnostics/crashReporting'
import { logMainProblems, rendererConsoleToLog } from './diagnostics/problemLogging'
import { createInFlightRequests } from './inFlightRequests'
import { forwardServiceEvents, registerIpcHandlers } from './ipc/ipc'
import { isPermissionGranted } from './window/permissionPolicy'
import { askProxySignIn } from './window/proxySignInPrompt'
import { APP_SCHEME, createSenderPolicy } from './ipc/senderPolicy'
import { spellcheckSetup } from './window/spellcheck'
import { createServices, SETTINGS_FILE_NAME, type RunningServices } from './services'
import { readMachinePolicy } from './policy/machinePolicy'
import { osPolicyReaders } from './policy/osPolicyReaders'
import { lockedSettings, withMachinePolicy } from './policy/policySettings'
import { openSettingsStore } from './settingsStore'
import { openUpdateService } from './updates/openUpdateService'
import { findUpdateFeed, UPDATE_FEED_ENV, updateFeedAddress } from './updates/updateFeed'
import { tellUpdateCheck } from './updates/updateDialogs'
import { updatedElsewhere } from './updates/updatedElsewhere'
import type { UpdateService } from './updates/updateService'
import { createMainWindow } from './window/window'

/**
 * Electron glue only: every decision lives in a module tested under Node (test/boot runs this file
 * against an Electron double). Logs go through electron-log and carry our own messages, never a token,
 * key, password or request body.
 */

// Before `ready`: the renderer's origin is app://leave-desk (standard + secure, so it gets IndexedDB,
// Web Locks and a real origin for CSP 'self'; codeCache so V8 keeps compiled scripts between starts).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
])
app.enableSandbox()
// HTTP/1.1 only: Chromium retries a failed HTTP/2 or QUIC request by itself, a payroll write included
// (see http/writeConnections.ts for what else keeps a write from being sent twice). Before `ready`.
for (const name of CHROMIUM_SWITCHES) app.commandLine.appendSwitch(name)

// The data folder is pinned (see appIdentity): it must not move with the product's name. Before the
// single-instance lock, which is per profile. Logs live in it too, so a clerk finds everything in one place.
// `process.defaultApp` is set when Electron runs a checkout (`electron .`): a development run.
app.setPath(
  'userData',
  userDataDirFor({ appDataDir: app.getPath('appData'), override: process.env.LEAVE_DESK_USER_DATA_DIR, devRun: !app.isPackaged && Boolean(process.defaultApp) })
)
app.setAppLogsPath(path.join(app.getPath('userData'), 'logs'))
log.transports.file.resolvePathFn = () => path.join(app.getPath('logs'), 'main.log')
// Rotation: at 5 MB main.log becomes main.old.log (replacing the one before), so logs take at most 10 MB.
log.transports.file.maxSize = 5 * 1024 * 1024
// Minidumps of any crashed process into the logs folder (logs/crashes), never uploaded. Before `ready`.
startCrashReporting({ logsDir: app.getPath('logs'), setCrashDumpsPath: (dir) => app.setPath('crashDumps', dir), crashReporter })
logMainProblems({ process, app, log })
// Windows groups the taskbar and routes notifications by this id; it must match electron-builder's appId.
if (process.platform === 'win32') app.setAppUserModelId(APP_ID)

// electron-vite's dev server, trusted only in an unpackaged development run.
const devServerUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined
const QUIT_TIMEOUT_MS = 5000
/** A development run's stand-in for /etc/leave-desk/policy.json (ignored by an installed copy). */
const POLICY_FILE_ENV = 'LEAVE_DESK_POLICY_FILE'

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  run()
}

function run(): void {
  let window: BrowserWindow | null = null
  let running: RunningServices | null = null
  let updates: UpdateService | null = null
  const isAllowedSender = createSenderPolicy({ devServerUrl })
  const inFlight = createInFlightRequests()
  const closeGuard = createCloseGuard({
    inFlight,
    ask: (count) => askBeforeClosing(window, count),
    log: (message) => log.warn(message)
  })

  // The page's errors and warnings (React, Dexie, the queue) into main.log, bounded.
  const pageProblems = rendererConsoleToLog(log)

  const openWindow = () => {
    closeGuard.rearm()
    const opened = createMainWindow({
      preloadPath: path.join(__dirname, '../preload/preload.js'),
      devServerUrl,
      isAppPage: isAllowedSender,
      log: (message) => log.warn(message),
      tellRecovery: (parent, notice) => tellRecovery(parent, notice, logFilePath()),
      quit: () => app.quit()
    })
    opened.webContents.on('console-message', pageProblems)
    opened.on('close', (event) => closeGuard.intercept(event, () => opened.close()))
    opened.on('closed', () => (window = null))
    window = opened
  }

  // A Basic proxy sign-in: main's own requests ask through their ClientRequest (netRequestFetch), anything
  // else Chromium sends for the app through here. Integrated Windows sign-in needs neither.
  const proxySignIn = createProxySignIn({ ask: (proxy, realm) => askProxySignIn(window, proxy, realm), log: (m) => log.info(m) })
  app.on('login', (event, _contents, _details, authInfo, callback) => {
    if (!authInfo.isProxy) return
    event.preventDefault()
    proxySignIn.handle(authInfo, callback)
  })

  app.on('second-instance', () => {
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.focus()
  })

  // Any web contents, not just our window: no webviews, no popups.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (!window && running) openWindow()
  })

  // Quitting while writes are out asks first and waits (bounded) for their answers to be recorded.
  app.on('before-quit', (event) => closeGuard.intercept(event, () => app.quit()))
  app.on('will-quit', (event) => {
    updates?.stop()
    if (!running) return
    const closing = running
    running = null
    event.preventDefault()
    const timeout = new Promise((resolve) => setTimeout(resolve, QUIT_TIMEOUT_MS).unref())
    void Promise.race([closing.close(), timeout])
      .catch((error: unknown) => log.error(`Closing services failed: ${describe(error)}`))
      .finally(() => app.quit())
  })

  app
    .whenReady()
    .then(async () => {
      const userDataDir = app.getPath('userData')
      // The organisation's machine policy (read-only; beats the clerk's settings). A development run may
      // point at a policy file of its own (tests); an installed copy reads only the machine's.
      const policy = await readMachinePolicy(osPolicyReaders(APP_ID, app.isPackaged ? undefined : process.env[POLICY_FILE_ENV]))
      if (policy.problem) log.error(policy.problem)
      else if (policy.source) log.info(`Machine policy applied from ${policy.source}`)
      if (policy.policy.LogLevel) log.transports.file.level = policy.policy.LogLevel
      // Off unless the company configured a feed (resources/app-update.yml; policy may replace its address)
      // or a development run names one; off for installs something else updates (deb, Program Files).
      const feed = findUpdateFeed({
        isPackaged: app.isPackaged,
        resourcesPath: process.resourcesPath,
        envFeedUrl: process.env[UPDATE_FEED_ENV],
        exists: existsSync,
        warn: (m) => log.warn(m),
        policy: {
          updates: policy.policy.Updates,
          updateFeedUrl: policy.policy.UpdateFeedUrl,
          allowUpdateFeedFromEnvironment: policy.policy.AllowUpdateFeedFromEnvironment
        },
        updatedElsewhere: app.isPackaged
          ? updatedElsewhere({
              platform: process.platform,
              resourcesPath: process.resourcesPath,
              exePath: app.getPath('exe'),
              env: process.env,
              readText: readTextIfPresent
            })
          : null
      })
      const appUpdates = await openUpdateService({ feed, isPackaged: app.isPackaged, userDataDir, inFlight, log })
      updates = appUpdates
      const menu = appMenuTemplate({
        platform: process.platform,
        isPackaged: app.isPackaged,
        openLogsFolder: () => void shell.openPath(app.getPath('logs')),
        checkForUpdates: appUpdates.enabled
          ? () => void appUpdates.check().then((outcome) => tellUpdateCheck(window, outcome, app.getVersion()))
          : undefined
      })
      Menu.setApplicationMenu(Menu.buildFromTemplate(menu))
      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
        callback(isPermissionGranted(permission, details.requestingUrl))
      )
      session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
        isPermissionGranted(permission, requestingOrigin)
      )
      const spelling = spellcheckSetup(process.platform, updateFeedAddress(feed, readTextIfPresent))
      if (!spelling.enabled) session.defaultSession.setSpellCheckerEnabled(false)
      else {
        if (spelling.dictionaryUrl) session.defaultSession.setSpellCheckerDictionaryDownloadURL(spelling.dictionaryUrl)
        if (spelling.languages) session.defaultSession.setSpellCheckerLanguages(spelling.languages)
      }
      protocol.handle(APP_SCHEME, createAppProtocolHandler({ rootDir: path.join(__dirname, '../renderer') }))

      const clerkSettings = await openSettingsStore({ filePath: path.join(userDataDir, SETTINGS_FILE_NAME), warn: (m) => log.warn(m) })
      running = await createServices({
        settings: withMachinePolicy(clerkSettings, policy.policy),
        organisationPolicy: { locked: lockedSettings(policy.policy), problem: policy.problem },
        userDataDir,
        envApiUrl: process.env.LEAVE_DESK_API_URL,
        cipher: await prepareSafeStorageCipher(),
        appVersion: app.getVersion(),
        logsDir: app.getPath('logs'),
        openPath: (folder) => shell.openPath(folder),
        log: (message) => log.info(message),
        updates: appUpdates,
        // Writes are counted while out, so closing and a restart to update can ask and wait for their answers.
        inFlight,
        // The office's network: the system proxy (PAC included) per origin, and the OS trust store.
        // Payroll and team-server traffic goes through Chromium's stack (net.fetch): PAC/WPAD, integrated
        // Windows sign-in to the proxy, app.on('login') below for a Basic one, the OS certificate verifier.
        network: {
          isOnline: () => net.isOnline(),
          resolveProxy: (url) => session.defaultSession.resolveProxy(url),
          ca: trustedCertificates(),
          electronFetch: netRequestFetch(
            // Electron's overloaded `on` does not fit a structural type; the events used are net.request's own.
            (options) => net.request(options as Electron.ClientRequestConstructorOptions) as unknown as NetClientRequest,
            {
              onLogin: (authInfo, callback, partition) => proxySignIn.handle(authInfo, callback, partition),
              // Writes' connections are never shared with reads nor reused (writeConnections.ts).
              writesSession: session.fromPartition(WRITES_PARTITION)
            }
          )
        }
      })
      const services = running.services
      // Back from sleep: probe payroll at once (the page's own 'online' event covers the network coming back).
      powerMonitor.on('resume', () => void running?.services.checkConnectivity())
      registerIpcHandlers({ ipcMain, services, isAllowedSender, log: (m) => log.warn(m) })
      forwardServiceEvents({
        services,
        target: () => (window && !window.isDestroyed() ? window.webContents : null),
        isAllowedSender
      })
      openWindow()
      appUpdates.start()
      log.info(`Leave Desk ${app.getVersion()} started with the ${running.backend().info.kind} backend`)
    })
    .catch((error: unknown) => {
      log.error(`Leave Desk could not start: ${describe(error)}`)
      showStartupFailure(describe(error), logFilePath())
      app.exit(1)
    })
}

function readTextIfPresent(filePath: string): string | null {
  try {
    return readFileSync(filePath, 'utf8')
  } catch {
    return null
  }
}

function logFilePath(): string {
  try {
    return log.transports.file.getFile().path
  } catch {
    return path.join(app.getPath('logs'), 'main.log')
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}
