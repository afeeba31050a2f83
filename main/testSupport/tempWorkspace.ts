import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { createServices, type RunningServices, type ServicesDeps } from '../services'
import { openSettingsStore } from '../settingsStore'

/**
 * Per test: a fresh temp folder for main's data, and a list of things to close afterwards (last opened,
 * first closed). `startServices` opens main's services on that folder with an in-memory sandbox file.
 */
export function tempWorkspace(prefix: string) {
  let dir = ''
  const opened: { close(): Promise<unknown> }[] = []
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix))
  })
  afterEach(async () => {
    for (const item of opened.splice(0).reverse()) await item.close()
    await rm(dir, { recursive: true, force: true })
  })
  return {
    dir: () => dir,
    /** Closed after the test. */
    closeLater: <T extends { close(): Promise<unknown> }>(item: T): T => (opened.push(item), item),
    async startServices(deps: Partial<Omit<ServicesDeps, 'settings' | 'userDataDir'>> = {}): Promise<RunningServices> {
      const settings = await openSettingsStore({ filePath: path.join(dir, 'settings.json') })
      const running = await createServices({ settings, userDataDir: dir, appVersion: 'test', sandboxDataFile: null, ...deps })
      opened.push(running)
      return running
    }
  }
}
