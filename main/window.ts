import { BrowserWindow, shell } from 'electron'
import { decideNavigation } from './navigationPolicy'
import { APP_ORIGIN, type SenderCheck } from './senderPolicy'

/**
 * The one app window, hardened: isolated, sandboxed renderer without Node; it cannot navigate away, open
 * windows or attach webviews. Thin Electron glue: the decisions live in navigationPolicy and senderPolicy.
 */
export function createMainWindow(options: {
  preloadPath: string
  /** electron-vite's dev server, only in development. */
  devServerUrl?: string | undefined
  isAppPage: SenderCheck
  log: (message: string) => void
}): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    title: 'Leave Desk',
    show: false,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: true
    }
  })
  const isApp = (url: string) => options.isAppPage({ url, parent: null })
  const openIfAllowed = (url: string, openExternally: boolean) => {
    if (openExternally) void shell.openExternal(url)
    else options.log('Blocked a navigation away from the app')
  }

  window.webContents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url, isApp)
    if (decision.action === 'stay') return
    event.preventDefault()
    openIfAllowed(url, decision.openExternally)
  })
  window.webContents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, () => false)
    if (decision.action === 'deny') openIfAllowed(url, decision.openExternally)
    return { action: 'deny' }
  })
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.once('ready-to-show', () => window.show())

  void window.loadURL(options.devServerUrl ?? `${APP_ORIGIN}/index.html`)
  return window
}
