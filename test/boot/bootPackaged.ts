import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bootBuiltMain, until, type BootedMain } from './bootBuiltMain'

/**
 * The built app as an installed (packaged) copy: `app.isPackaged`, a `process.resourcesPath` holding the
 * files a package puts there (app-update.yml, package-type…), and the executable beside it. Returns the
 * boot, main.log as it stood once the app had started, and a clean-up that restores this process.
 */
export async function bootPackaged(resourceFiles: Record<string, string>, env: Record<string, string> = {}) {
  const savedEnv = { ...process.env }
  const savedResources = (process as { resourcesPath?: string }).resourcesPath
  const resources = await mkdtemp(path.join(tmpdir(), 'leave-desk-boot-resources-'))
  for (const [name, content] of Object.entries(resourceFiles)) await writeFile(path.join(resources, name), content)
  ;(process as { resourcesPath?: string }).resourcesPath = resources
  const booted: BootedMain = await bootBuiltMain(env, {
    tamper: (double) => {
      Object.defineProperty(double.app, 'isPackaged', { value: true })
      double.app.setPath('exe', path.join(resources, '..', 'leave-desk'))
    }
  })
  const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
  await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('started with'), 'the start')
  return {
    booted,
    resources,
    log: readFileSync(logFile, 'utf8'),
    async cleanUp() {
      process.env = savedEnv
      ;(process as { resourcesPath?: string }).resourcesPath = savedResources
      await rm(resources, { recursive: true, force: true })
      await rm(booted.workDir, { recursive: true, force: true })
    }
  }
}

/** The app-update.yml electron-builder writes for a generic feed. */
export const PACKAGED_FEED = 'provider: generic\nurl: https://updates.office.example/leave-desk/\nupdaterCacheDirName: leave-desk-updater\n'
