import path from 'node:path'
import { app, ipcMain, Menu, protocol, session, shell, type BrowserWindow } from 'electron'
import log from 'electron-log/main'
import { appMenuTemplate } from './appMenu'
import { createAppProtocolHandler } from './appProtocol'
import { safeStorageCipher } from './auth/safeStorageCipher'
import { forwardServiceEvents, registerIpcHandlers } from './ipc'
import { isPermissionGranted } from './permissionPolicy'
import { APP_SCHEME, createSenderPolicy } from './senderPolicy'
import { createServices, SETTINGS_FILE_NAME, type RunningServices } from './services'
import { openSettingsStore } from './settingsStore'
import { createMainWindow } from './window'

/**
 * Electron glue only: every decision lives in a module tested under Node. Logs go through electron-log
 * and carry our own messages, never a token, key, password or request body.
 */

// Before `ready`: the renderer's origin is app://leave-desk (standard + secure, so it gets IndexedDB,
// Web Locks and a real origin for CSP 'self').
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
app.enableSandbox()

// A separate profile (tests, a second clerk on one login); before the single-instance lock, which is per profile.
if (process.env.LEAVE_DESK_USER_DATA_DIR) app.setPath('userData', path.resolve(process.env.LEAVE_DESK_USER_DATA_DIR))

// electron-vite's dev server, trusted only in an unpackaged development run.
const devServerUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined
const QUIT_TIMEOUT_MS = 5000

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  run()
}

function run(): void {
  let window: BrowserWindow | null = null
  let running: RunningServices | null = null
  const isAllowedSender = createSenderPolicy({ devServerUrl })

  const openWindow = () => {
    window = createMainWindow({
      preloadPath: path.join(__dirname, '../preload/preload.js'),
      devServerUrl,
      isAppPage: isAllowedSender,
      log: (message) => log.warn(message)
    })
    window.on('closed', () => (window = null))
  }

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

  app.on('will-quit', (event) => {
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
      Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, isPackaged: app.isPackaged })))
      session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
        callback(isPermissionGranted(permission, details.requestingUrl))
      )
      session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
        isPermissionGranted(permission, requestingOrigin)
      )
      protocol.handle(APP_SCHEME, createAppProtocolHandler({ rootDir: path.join(__dirname, '../renderer') }))

      const userDataDir = app.getPath('userData')
      const settings = await openSettingsStore({ filePath: path.join(userDataDir, SETTINGS_FILE_NAME), warn: (m) => log.warn(m) })
      running = await createServices({
        settings,
        userDataDir,
        envApiUrl: process.env.LEAVE_DESK_API_URL,
        cipher: safeStorageCipher,
        appVersion: app.getVersion(),
        logsDir: path.dirname(log.transports.file.getFile().path),
        openPath: (folder) => shell.openPath(folder),
        log: (message) => log.info(message)
      })
      registerIpcHandlers({ ipcMain, services: running.services, isAllowedSender, log: (m) => log.warn(m) })
      forwardServiceEvents({
        services: running.services,
        target: () => (window && !window.isDestroyed() ? window.webContents : null),
        isAllowedSender
      })
      openWindow()
      log.info(`Leave Desk ${app.getVersion()} started with the ${running.backend().info.kind} backend`)
    })
    .catch((error: unknown) => {
      log.error(`Leave Desk could not start: ${describe(error)}`)
      app.exit(1)
    })
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}
