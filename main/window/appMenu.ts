import type { MenuItemConstructorOptions } from 'electron'

export interface AppMenuOptions {
  platform: NodeJS.Platform
  isPackaged: boolean
  /** Help → Open logs folder: what a clerk sends along when reporting a problem. */
  openLogsFolder: () => void
  /** Help → Check for updates; absent when this copy has no update feed (the item would only disappoint). */
  checkForUpdates?: (() => void) | undefined
}

/**
 * The application menu, written out item by item. Electron's default menu and its `windowMenu`/`fileMenu`
 * roles bind Ctrl+Z, Ctrl+R and Ctrl+W, which would take keys the page needs before it sees them: Ctrl+Z
 * outside a text field is the clerk's "undo delete"; a reload or a close in the middle of a sync turns
 * the requests in flight into Uncertain drafts. So there is no reload and no close item here: closing
 * goes through the window's close button or Quit, both of which ask first while requests are out.
 * Text fields still undo natively on Windows and Linux; macOS routes even that through the Edit menu,
 * so it keeps the undo/redo roles. The UI is designed to work at 150 %: View has zoom in/out/reset.
 */
export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const file: MenuItemConstructorOptions = isMac
    ? { role: 'appMenu' }
    : { label: '&File', submenu: [{ role: 'quit', label: 'Quit Leave Desk', accelerator: 'CmdOrCtrl+Q' }] }
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      ...(isMac ? ([{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }] as const) : []),
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' }
    ]
  }
  const developer: MenuItemConstructorOptions[] = options.isPackaged
    ? []
    : [{ type: 'separator' }, { role: 'toggleDevTools' }]
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+=' },
      // Ctrl++ on keyboards with a separate plus key; hidden, the visible item shows the one above.
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus', visible: false },
      { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
      { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...developer
    ]
  }
  const window: MenuItemConstructorOptions = {
    label: '&Window',
    submenu: [{ role: 'minimize' }, ...(isMac ? ([{ role: 'zoom' }, { type: 'separator' }, { role: 'front' }] as const) : [])]
  }
  const help: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Open logs folder', click: () => options.openLogsFolder() },
      ...(options.checkForUpdates ? [{ label: 'Check for updates…', click: options.checkForUpdates }] : [])
    ]
  }
  return [file, edit, view, window, help]
}

/** Roles whose built-in accelerator closes the window without going through the app's question. */
export const CLOSING_ROLES: readonly string[] = ['close', 'windowMenu', 'fileMenu', 'reload', 'forceReload']
