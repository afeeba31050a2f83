import { describe, expect, it } from 'vitest'
import { updatedElsewhere, type InstallFacts } from './updatedElsewhere'

const facts = (over: Partial<InstallFacts>): InstallFacts => ({
  platform: 'linux',
  resourcesPath: '/opt/Leave Desk/resources',
  exePath: '/opt/Leave Desk/leave-desk',
  env: {},
  readText: () => null,
  ...over
})

describe('updatedElsewhere', () => {
  it('leaves a deb to apt, and updates the AppImage itself', () => {
    const deb = facts({ readText: (file) => (file === '/opt/Leave Desk/resources/package-type' ? 'deb\n' : null) })
    expect(updatedElsewhere(deb)).toContain('deb package')
    expect(updatedElsewhere(facts({}))).toBeNull()
  })

  it('leaves a per-machine Windows install (Program Files) to IT, and updates a per-user one', () => {
    const env = { ProgramFiles: 'C:\\Program Files', 'ProgramFiles(x86)': 'C:\\Program Files (x86)' }
    expect(updatedElsewhere(facts({ platform: 'win32', env, exePath: 'C:\\Program Files\\Leave Desk\\Leave Desk.exe' }))).toContain('all users')
    expect(updatedElsewhere(facts({ platform: 'win32', env, exePath: 'c:\\program files (x86)\\Leave Desk\\Leave Desk.exe' }))).toContain('all users')
    const perUser = 'C:\\Users\\clerk\\AppData\\Local\\Programs\\leave-desk\\Leave Desk.exe'
    expect(updatedElsewhere(facts({ platform: 'win32', env, exePath: perUser }))).toBeNull()
    // "C:\Program Files Extra" is not under "C:\Program Files".
    expect(updatedElsewhere(facts({ platform: 'win32', env, exePath: 'C:\\Program Files Extra\\Leave Desk.exe' }))).toBeNull()
  })
})
