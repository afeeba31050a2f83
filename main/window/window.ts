import { BrowserWindow, Menu, shell, type WebPreferences } from 'electron'
import { contextMenuTemplate } from './contextMenu'
import { decideNavigation } from './navigationPolicy'
import { APP_ORIGIN, type SenderCheck } from '../ipc/senderPolicy'
import { createWindowRecovery, type RecoveryNotice } from './windowRecovery'
import { createWindowReveal } from './windowReveal'

/**
 * The page's settings: isolated, sandboxed renderer without Node. `backgroundThrottling: false` because
 * the sync queue lives in the page: a minimised window's timers would otherwise slow to once a minute
 * and due retries would stall.
 */
export function mainWindowWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    spellcheck: true,
    backgroundThrottling: false
  }
}

/**
 * The one app window, hardened: it cannot navigate away (a dropped file included), open windows or
 * attach webviews. It reloads a page that dies or fails to load and says so. Thin Electron glue: the
 * decisions live in navigationPolicy, senderPolicy, contextMenu and windowRecovery.
 */
export function createMainWindow(options: {
  preloadPath: string
  /** electron-vite's dev server, only in development. */
  devServerUrl?: string | undefined
  isAppPage: SenderCheck
  log: (message: string) => void
  /** Tells the clerk the page was reloaded (or keeps failing: true = try again). */
  tellRecovery: (window: BrowserWindow, notice: RecoveryNotice) => Promise<boolean>
  quit: () => void
}): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    title: 'Leave Desk',
    show: false,
    webPreferences: mainWindowWebPreferences(options.preloadPath)
  })
  const contents = window.webContents
  const appUrl = options.devServerUrl ?? `${APP_ORIGIN}/index.html`
  const isApp = (url: string) => options.isAppPage({ url, parent: null })
  const openIfAllowed = (url: string, openExternally: boolean) => {
    if (openExternally) void shell.openExternal(url)
    else options.log('Blocked a navigation away from the app')
  }

  // A file dropped on the window is a navigation to file://…: refused here like any other.
  contents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url, isApp)
    if (decision.action === 'stay') return
    event.preventDefault()
    openIfAllowed(url, decision.openExternally)
  })
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, () => false)
    if (decision.action === 'deny') openIfAllowed(url, decision.openExternally)
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())

  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      replaceMisspelling: (word) => contents.replaceMisspelling(word),
      addToDictionary: (word) => contents.session.addWordToSpellCheckerDictionary(word)
    })
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window })
  })

  const recovery = createWindowRecovery({
    reload: () => {
      if (!window.isDestroyed()) void window.loadURL(appUrl)
    },
    tell: (notice) => (window.isDestroyed() ? Promise.resolve(false) : options.tellRecovery(window, notice)),
    quit: options.quit,
    log: options.log
  })
  // Hidden until the first paint, but never left invisible (windowReveal.ts).
  const reveal = createWindowReveal({ show: () => !window.isDestroyed() && window.show(), log: options.log })
  window.once('ready-to-show', () => reveal.firstPaint())
  window.once('closed', () => reveal.dispose())
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') reveal.pageFailed(details.reason)
    recovery.renderProcessGone(details)
  })
  contents.on('did-fail-load', (_event, errorCode, errorDescription, _url, isMainFrame) => {
    if (isMainFrame && errorCode !== -3) reveal.pageFailed(errorDescription || String(errorCode))
    recovery.didFailLoad(errorCode, errorDescription, isMainFrame)
  })

  void window.loadURL(appUrl)
  return window
}
