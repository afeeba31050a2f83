import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { appMenuTemplate, CLOSING_ROLES } from './appMenu'

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])])
}
const rolesOf = (items: MenuItemConstructorOptions[]) => flatten(items).flatMap((item) => (item.role ? [item.role] : []))
const template = (platform: NodeJS.Platform, isPackaged = true, openLogsFolder = () => {}) =>
  appMenuTemplate({ platform, isPackaged, openLogsFolder })

describe('appMenuTemplate', () => {
  it('has File, Edit, View, Window and Help, and leaves Ctrl+Z, reload and close to the page on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = template(platform)
      expect(menu.map((item) => item.label?.replace('&', ''))).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
      const roles = rolesOf(menu)
      expect(roles).toEqual(expect.arrayContaining(['cut', 'copy', 'paste', 'selectAll', 'quit', 'minimize']))
      expect(roles).not.toContain('undo')
      expect(roles).not.toContain('toggleDevTools')
      for (const role of CLOSING_ROLES) expect(roles).not.toContain(role)
      expect(flatten(menu).map((item) => item.accelerator).filter(Boolean)).not.toContain('CmdOrCtrl+W')
    }
  })

  it('zooms in with Ctrl+= and Ctrl++, out with Ctrl+-, back with Ctrl+0 (the UI is made for 150 %)', () => {
    const items = flatten(template('linux'))
    const accelerators = (role: string) => items.filter((item) => item.role === role).map((item) => item.accelerator)
    expect(accelerators('zoomIn')).toEqual(['CmdOrCtrl+=', 'CmdOrCtrl+Plus'])
    expect(accelerators('zoomOut')).toEqual(['CmdOrCtrl+-'])
    expect(accelerators('resetZoom')).toEqual(['CmdOrCtrl+0'])
  })

  it('offers Help → Check for updates only when this copy has an update feed', () => {
    const checks: string[] = []
    const withFeed = flatten(appMenuTemplate({ platform: 'linux', isPackaged: true, openLogsFolder: () => {}, checkForUpdates: () => checks.push('check') }))
    withFeed.find((entry) => entry.label === 'Check for updates…')?.click?.({} as never, undefined, {} as never)
    expect(checks).toEqual(['check'])
    expect(flatten(template('linux')).map((entry) => entry.label)).not.toContain('Check for updates…')
  })

  it('opens the logs folder from Help', () => {
    let opened = 0
    const item = flatten(template('win32', true, () => opened++)).find((entry) => entry.label === 'Open logs folder')
    item?.click?.({} as never, undefined, {} as never)
    expect(opened).toBe(1)
  })

  it('keeps undo and redo on macOS, where text fields need the Edit menu for them', () => {
    const roles = rolesOf(template('darwin'))
    expect(roles).toEqual(expect.arrayContaining(['appMenu', 'undo', 'redo', 'copy', 'paste', 'zoomIn']))
    for (const role of CLOSING_ROLES) expect(roles).not.toContain(role)
  })

  it('offers developer tools only in an unpackaged build', () => {
    expect(rolesOf(template('linux', false))).toContain('toggleDevTools')
  })
})
