import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATA_FOLDER_NAME, PRODUCT_NAME, userDataDirFor } from './appIdentity'

const packageJson = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { name: string; productName: string }

describe('the data folder', () => {
  it('stays where the app kept drafts before it had a productName, whatever the product is called', () => {
    // Electron names userData after productName when there is one: without the pin this would be "Leave Desk".
    expect(packageJson.productName).toBe(PRODUCT_NAME)
    expect(DATA_FOLDER_NAME).toBe(packageJson.name)
    expect(userDataDirFor({ appDataDir: '/home/clerk/.config', paths: path.posix })).toBe('/home/clerk/.config/leave-desk')
    expect(userDataDirFor({ appDataDir: 'C:\\Users\\clerk\\AppData\\Roaming', paths: path.win32 })).toBe(
      'C:\\Users\\clerk\\AppData\\Roaming\\leave-desk'
    )
  })

  it('is the folder LEAVE_DESK_USER_DATA_DIR names when set (tests, a second profile)', () => {
    expect(userDataDirFor({ appDataDir: '/home/clerk/.config', override: '/tmp/profile-2', paths: path.posix })).toBe('/tmp/profile-2')
    expect(userDataDirFor({ appDataDir: '/home/clerk/.config', override: '', paths: path.posix })).toBe('/home/clerk/.config/leave-desk')
  })
})

describe('a development run (electron . from a checkout)', () => {
  it('keeps its own data folder, so it never opens (or locks out) an installed copy’s drafts', () => {
    const appDataDir = path.join('/home', 'clerk', '.config')
    expect(userDataDirFor({ appDataDir, devRun: true })).toBe(path.join(appDataDir, 'leave-desk-dev'))
    expect(userDataDirFor({ appDataDir, devRun: false })).toBe(path.join(appDataDir, 'leave-desk'))
  })
})
