import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootBuiltMain, until, type BootedMain } from './bootBuiltMain'

/**
 * The built app as an installed (packaged) copy, from the deb: its resources hold the app-update.yml the
 * company's feed made and electron-builder's `package-type` file. LEAVE_DESK_UPDATE_FEED_URL is set, as a
 * user (or malware) could set it: an installed copy without a policy allowing it ignores it, and a deb
 * leaves updating to apt altogether.
 */
const savedEnv = { ...process.env }
const savedResources = (process as { resourcesPath?: string }).resourcesPath
let booted: BootedMain
let resources = ''
let log = ''

beforeAll(async () => {
  resources = await mkdtemp(path.join(tmpdir(), 'leave-desk-boot-resources-'))
  await writeFile(path.join(resources, 'app-update.yml'), 'provider: generic\nurl: https://updates.office.example/leave-desk/\nupdaterCacheDirName: leave-desk-updater\n')
  await writeFile(path.join(resources, 'package-type'), 'deb')
  ;(process as { resourcesPath?: string }).resourcesPath = resources
  booted = await bootBuiltMain(
    { LEAVE_DESK_UPDATE_FEED_URL: 'https://attacker.example/feed/' },
    {
      tamper: (double) => {
        Object.defineProperty(double.app, 'isPackaged', { value: true })
        double.app.setPath('exe', path.join(resources, '..', 'leave-desk'))
      }
    }
  )
  const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
  await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('started with'), 'the start')
  log = readFileSync(logFile, 'utf8')
}, 30_000)

afterAll(async () => {
  process.env = savedEnv
  ;(process as { resourcesPath?: string }).resourcesPath = savedResources
  await rm(resources, { recursive: true, force: true })
  if (booted) await rm(booted.workDir, { recursive: true, force: true })
})

describe('an installed copy', () => {
  it('installed from the deb: the in-app updater is off (apt updates it), whatever the env names', () => {
    expect(log).toContain("Updates off: it was installed from the deb package, which the system's package manager updates")
    expect(log).not.toContain('attacker.example')
  })
})
