import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { extractFile, listPackage } from '@electron/asar'
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper'
import type { Configuration, LinuxPackager } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ID } from '../../main/appIdentity'
import { packWithStandInElectron, readFuses } from './standInElectron'

/**
 * `electron-builder --dir --linux` for real, with the project's own electron-builder.yml, against a
 * stand-in Electron folder (the binary cannot be downloaded here). What a clerk installs is checked as
 * built: what app.asar holds, the package.json inside it, the fuses, and the .desktop entry the deb and
 * AppImage targets write (generated here by electron-builder's own Linux helper from the same packager).
 * Needs `npm run build` first (`npm test` builds).
 */
const REPO_ROOT = path.resolve(__dirname, '../..')
const packageJson = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string
  version: string
  productName: string
  desktopName: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const RENDERER_ONLY = ['react', 'react-dom', 'dexie', 'dexie-react-hooks', 'date-fns', 'zustand', '@tanstack/react-virtual']

let workDir = ''
let appOutDir = ''
let desktopFileName = ''
let desktopEntry = ''
let iconSizes: number[] = []
let distDir = ''
/** The configuration electron-builder built with: electron-builder.yml merged over build/organisation.yml. */
let resolvedConfig: Configuration = {}

beforeAll(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'out', 'main', 'index.js'))) throw new Error('Build the app first: npm run build')
  workDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-packaging-'))
  distDir = await packWithStandInElectron(REPO_ROOT, workDir, async (context) => {
    appOutDir = context.appOutDir
    resolvedConfig = context.packager.config
    const helper = new LinuxTargetHelper(context.packager as LinuxPackager)
    desktopFileName = `${helper.getDesktopFileName()}.desktop`
    const file = await helper.writeDesktopEntry(context.packager.platformSpecificBuildOptions, undefined, path.join(workDir, desktopFileName))
    desktopEntry = await readFile(file, 'utf8')
    iconSizes = (await helper.icons).map((icon) => icon.size)
  })
}, 120_000)

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

const asarPath = () => path.join(appOutDir, 'resources', 'app.asar')
const topLevelModules = () =>
  listPackage(asarPath(), { isPack: false })
    .map((entry) => entry.split(path.sep).join('/'))
    .flatMap((entry) => {
      const match = /^\/node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(entry)
      return match?.[1] ? [match[1]] : []
    })

describe('the Linux package (electron-builder --dir, stand-in Electron)', () => {
  it('ships main’s dependencies and the built app, without the renderer’s packages (already bundled)', () => {
    const entries = listPackage(asarPath(), { isPack: false }).map((entry) => entry.split(path.sep).join('/'))
    expect(entries).toEqual(expect.arrayContaining(['/out/main/index.js', '/out/preload/preload.js', '/out/renderer/index.html', '/package.json']))
    const modules = topLevelModules()
    expect(modules).toEqual(expect.arrayContaining(Object.keys(packageJson.dependencies)))
    for (const name of RENDERER_ONLY) expect(modules).not.toContain(name)
    expect(entries.filter((entry) => /\.(test|spec)\.|\.map$|^\/out\/tsc\//.test(entry))).toEqual([])
  })

  it('carries the product name and desktop name the app runs under', () => {
    const inside = JSON.parse(extractFile(asarPath(), 'package.json').toString('utf8')) as Record<string, unknown>
    expect(inside).toMatchObject({ name: 'leave-desk', productName: 'Leave Desk', desktopName: 'leave-desk.desktop' })
    // The deb target refuses to build without a homepage and an author with an email.
    expect(inside.homepage).toMatch(/^https:\/\//)
    expect(inside.author).toMatchObject({ email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) })
    for (const name of RENDERER_ONLY) expect(inside.dependencies).not.toHaveProperty([name])
    expect(existsSync(path.join(appOutDir, 'leave-desk'))).toBe(true)
  })

  it('flips the hardening fuses on the executable', async () => {
    expect(readFuses(await readFile(path.join(appOutDir, 'leave-desk')))).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it('writes a .desktop entry named after desktopName, whose window class matches it, with the app’s icon', () => {
    expect(desktopFileName).toBe(packageJson.desktopName)
    const entry = Object.fromEntries(
      desktopEntry
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
    )
    expect(entry).toMatchObject({
      Name: 'Leave Desk',
      Exec: '"/opt/Leave Desk/leave-desk" %U',
      Type: 'Application',
      Icon: 'leave-desk',
      StartupWMClass: 'leave-desk',
      Categories: 'Office;'
    })
    expect(iconSizes).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512]))
  })

  it('writes the third-party licence list (CycloneDX SBOM) next to the packages, naming what the app ships with its licence', async () => {
    const sbomFile = (await readdir(distDir)).find((file) => file.endsWith('-third-party-licences.cdx.json'))
    expect(sbomFile).toBe(`leave-desk-${packageJson.version}-third-party-licences.cdx.json`)
    const sbom = JSON.parse(await readFile(path.join(distDir, sbomFile!), 'utf8')) as { bomFormat: string; components: { name: string; licenses: { license: { id?: string; name?: string } }[] }[] }
    expect(sbom.bomFormat).toBe('CycloneDX')
    const byName = new Map(sbom.components.map((component) => [component.name, component]))
    // main's dependencies (in app.asar) and the renderer's, which Vite bundled into out/renderer.
    for (const name of [...Object.keys(packageJson.dependencies), 'react', 'dexie', 'zustand']) {
      expect(byName.get(name)?.licenses[0]?.license, name).toMatchObject({ id: expect.any(String) })
    }
    expect(byName.has('eslint')).toBe(false)
  })

  it('builds signed releases only: Windows publisher checked by updates, macOS hardened, notarised, dmg and zip, universal', () => {
    expect(resolvedConfig.forceCodeSigning).toBe(true)
    expect(resolvedConfig.win).toMatchObject({ verifyUpdateCodeSignature: true, signtoolOptions: { publisherName: [expect.any(String)] } })
    expect(resolvedConfig.mac).toMatchObject({
      hardenedRuntime: true,
      notarize: true,
      target: [
        { target: 'dmg', arch: 'universal' },
        { target: 'zip', arch: 'universal' }
      ]
    })
  })

  it('uses the appId main gives Windows as its AppUserModelId', async () => {
    const config = await readFile(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8')
    expect(/^appId: (.+)$/m.exec(config)?.[1]).toBe(APP_ID)
  })
})
