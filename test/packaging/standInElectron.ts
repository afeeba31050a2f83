import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Arch, build, Platform, type AfterPackContext } from 'electron-builder'

/** @electron/fuses finds the fuse wire after this marker in the Electron binary. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

/** Fuse order in wire version 1 (Electron 45): the byte at each index is '0' (off) or '1' (on). */
export const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges'
] as const

/** What Electron 45 ships with, before electron-builder flips anything. */
const ELECTRON_DEFAULT_WIRE = '10110001'

/**
 * A folder electron-builder accepts as `electronDist` for Linux: an `electron` executable (a shell script
 * carrying a real fuse wire, so the fuse step runs for real), the licence files it copies, and `version`.
 * The Electron binary cannot be downloaded on our machines; this is what lets packaging run anyway.
 */
export async function writeStandInElectron(dir: string, version: string): Promise<void> {
  await mkdir(path.join(dir, 'resources'), { recursive: true })
  const executable = path.join(dir, 'electron')
  await writeFile(
    executable,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in Electron: packaging checks only"\nexit 1\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, FUSES.length]),
      Buffer.from(ELECTRON_DEFAULT_WIRE)
    ])
  )
  await chmod(executable, 0o755)
  await writeFile(path.join(dir, 'LICENSE'), 'stand-in\n')
  await writeFile(path.join(dir, 'LICENSES.chromium.html'), 'stand-in\n')
  await writeFile(path.join(dir, 'version'), version)
}

/**
 * The same for Windows: `electron.exe` must be a real PE file, since electron-builder edits its resources
 * (name, version, icon) before signing. Any small Windows executable from node_modules serves; the fuse
 * wire is appended to it.
 */
export async function writeStandInElectronForWindows(dir: string, version: string, anyWindowsExe: string): Promise<void> {
  await mkdir(path.join(dir, 'resources'), { recursive: true })
  const executable = path.join(dir, 'electron.exe')
  await copyFile(anyWindowsExe, executable)
  await writeFile(
    executable,
    Buffer.concat([await readFile(executable), Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSES.length]), Buffer.from(ELECTRON_DEFAULT_WIRE)])
  )
  await writeFile(path.join(dir, 'LICENSE'), 'stand-in\n')
  await writeFile(path.join(dir, 'LICENSES.chromium.html'), 'stand-in\n')
  await writeFile(path.join(dir, 'version'), version)
}

/** The fuses as the packaged executable now has them. */
export function readFuses(binary: Buffer): Record<(typeof FUSES)[number], boolean> {
  const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length
  const length = binary[at + 1] ?? 0
  const wire = binary.subarray(at + 2, at + 2 + length).toString('latin1')
  return Object.fromEntries(FUSES.map((name, index) => [name, wire[index] === '1'])) as Record<(typeof FUSES)[number], boolean>
}

/**
 * `electron-builder --dir --linux` (x64) for real, with the project's own configuration (electron-builder.yml
 * over build/organisation.yml), against a stand-in Electron written into `workDir`. `afterPack` sees the
 * packaged folder; answers electron-builder's output folder.
 */
export async function packWithStandInElectron(projectDir: string, workDir: string, afterPack: (context: AfterPackContext) => Promise<void>): Promise<string> {
  const { devDependencies } = JSON.parse(await readFile(path.join(projectDir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
  const electronDist = path.join(workDir, 'electron-dist')
  await writeStandInElectron(electronDist, devDependencies.electron ?? '45.4.1')
  const distDir = path.join(workDir, 'dist')
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: { electronDist, directories: { output: distDir }, afterPack }
  })
  return distDir
}
