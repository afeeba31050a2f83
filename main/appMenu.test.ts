import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { appMenuTemplate } from './appMenu'

function rolesOf(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? rolesOf(item.submenu) : [])
  ])
}

describe('appMenuTemplate', () => {
  it('leaves Ctrl+Z and reload to the page on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const roles = rolesOf(appMenuTemplate({ platform, isPackaged: true }))
      expect(roles).toEqual(expect.arrayContaining(['cut', 'copy', 'paste', 'selectAll', 'quit']))
      expect(roles).not.toContain('undo')
      expect(roles).not.toContain('reload')
      expect(roles).not.toContain('forceReload')
      expect(roles).not.toContain('toggleDevTools')
    }
  })

  it('keeps undo and redo on macOS, where text fields need the Edit menu for them', () => {
    const roles = rolesOf(appMenuTemplate({ platform: 'darwin', isPackaged: true }))
    expect(roles).toEqual(expect.arrayContaining(['appMenu', 'undo', 'redo', 'copy', 'paste']))
  })

  it('offers developer tools only in an unpackaged build', () => {
    expect(rolesOf(appMenuTemplate({ platform: 'linux', isPackaged: false }))).toContain('toggleDevTools')
  })
})
