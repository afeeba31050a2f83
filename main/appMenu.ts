import type { MenuItemConstructorOptions } from 'electron'

/**
 * The application menu. Electron's default menu binds Ctrl+Z, Ctrl+R and Ctrl+W, which would take keys
 * the page needs before it sees them: Ctrl+Z outside a text field is the clerk's "undo delete", and a
 * reload in the middle of a sync turns the requests in flight into Uncertain drafts. So the menu keeps
 * clipboard roles (text fields still undo natively on Windows and Linux) and leaves everything else to
 * the page. macOS routes even text-field undo through the Edit menu, so it keeps the undo/redo roles.
 */
export function appMenuTemplate(options: { platform: NodeJS.Platform; isPackaged: boolean }): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
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
    : [{ label: 'Developer', submenu: [{ role: 'toggleDevTools' }, { role: 'forceReload', accelerator: undefined }] }]
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : [{ label: 'File', submenu: [{ role: 'quit' } as const] }]),
    edit,
    ...developer,
    { role: 'windowMenu' }
  ]
}
