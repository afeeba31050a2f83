import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Arch, build, Platform, type AfterPackContext } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeStandInElectronForWindows } from './standInElectron'

/**
 * The Windows package, as electron-builder lays it out for the NSIS target with the project's own
 * electron-builder.yml (and build/organisation.yml, which it extends), against a stand-in electron.exe.
 * What matters for updates is the app-update.yml electron-builder writes into it: with `publisherName`
 * there, electron-updater refuses any update whose Authenticode signature is not the company's. The run
 * stops once the app folder is laid out: the NSIS compiler and a signing certificate are not on this
 * machine, and signing itself is the release's (forceCodeSigning).
 */
const REPO_ROOT = path.resolve(__dirname, '../..')
const ANY_WINDOWS_EXE = path.join(REPO_ROOT, 'node_modules', 'electron-winstaller', 'vendor', 'rcedit.exe')
const STOP = 'stop after the app folder is laid out'

let workDir = ''
let appUpdateYml = ''
let organisationPublisher: string[] = []

beforeAll(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'out', 'main', 'index.js'))) throw new Error('Build the app first: npm run build')
  workDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-packaging-win-'))
  const electronDist = path.join(workDir, 'electron-dist')
  await writeStandInElectronForWindows(electronDist, '45.4.1', ANY_WINDOWS_EXE)
  const organisation = await readFile(path.join(REPO_ROOT, 'build', 'organisation.yml'), 'utf8')
  organisationPublisher = [...organisation.matchAll(/^ {6}- (.+)$/gm)].map((match) => match[1]!.trim())
  const run = build({
    projectDir: REPO_ROOT,
    targets: Platform.WINDOWS.createTarget('nsis', Arch.x64),
    publish: 'never',
    config: {
      electronDist,
      directories: { output: path.join(workDir, 'dist') },
      // As the company sets it in build/organisation.yml once its feed exists.
      publish: { provider: 'generic', url: 'https://updates.test/leave-desk/' },
      async afterPack(context: AfterPackContext) {
        appUpdateYml = await readFile(path.join(context.appOutDir, 'resources', 'app-update.yml'), 'utf8')
        throw new Error(STOP)
      }
    }
  })
  await expect(run).rejects.toThrow(STOP)
}, 120_000)

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('the Windows package’s update settings', () => {
  it('names the publisher from build/organisation.yml in app-update.yml, so unsigned or foreign updates are refused', () => {
    expect(organisationPublisher.length).toBeGreaterThan(0)
    expect(appUpdateYml).toContain('provider: generic')
    expect(appUpdateYml).toContain('url: https://updates.test/leave-desk/')
    const listed = /^publisherName:\n((?: {2}- .+\n)+)/m.exec(appUpdateYml)?.[1] ?? ''
    expect(listed.split('\n').filter(Boolean).map((line) => line.replace(/^ {2}- /, '').replace(/^"|"$/g, ''))).toEqual(organisationPublisher)
  })
})
