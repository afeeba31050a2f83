import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootBuiltMain, until, type BootedMain } from './bootBuiltMain'

/**
 * The built app as an installed (packaged) AppImage-style copy: its resources hold the app-update.yml
 * the company's feed made. LEAVE_DESK_UPDATE_FEED_URL is set, as a user (or malware) could set it: without
 * a machine policy allowing it, the installed copy ignores it and keeps its own feed and publisher check.
 */
const savedEnv = { ...process.env }
const savedResources = (process as { resourcesPath?: string }).resourcesPath
let booted: BootedMain
let resources = ''
let log = ''

beforeAll(async () => {
  resources = await mkdtemp(path.join(tmpdir(), 'leave-desk-boot-resources-'))
  await writeFile(path.join(resources, 'app-update.yml'), 'provider: generic\nurl: https://updates.office.example/leave-desk/\nupdaterCacheDirName: leave-desk-updater\n')
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
  it('refuses the env’s feed (logged) and checks only the packaged feed', () => {
    expect(log).toContain('LEAVE_DESK_UPDATE_FEED_URL is ignored in an installed copy unless machine policy allows it')
    expect(log).toContain('Updates on (feed from the packaged app-update.yml)')
    expect(log).not.toContain('Updates on (feed https://attacker.example')
  })
})
