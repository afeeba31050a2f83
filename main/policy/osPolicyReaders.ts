import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { PolicyReaders } from './policySources'

const run = promisify(execFile)

/** The real operating system behind policySources' seams. */
export function osPolicyReaders(appId: string, linuxPolicyFile?: string): PolicyReaders {
  return {
    platform: process.platform,
    appId,
    ...(linuxPolicyFile ? { linuxPolicyFile } : {}),
    async regQuery(key) {
      try {
        const { stdout } = await run('reg', ['query', key], { windowsHide: true, timeout: 10_000 })
        return stdout
      } catch (error) {
        // reg exits with 1 when the key does not exist: no policy.
        if ((error as { code?: unknown }).code === 1) return null
        throw error
      }
    },
    async readText(filePath) {
      try {
        return await readFile(filePath, 'utf8')
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return null
        throw error
      }
    },
    async plistAsJson(filePath) {
      if (!existsSync(filePath)) return null
      const { stdout } = await run('plutil', ['-convert', 'json', '-o', '-', filePath], { timeout: 10_000 })
      return stdout
    }
  }
}
