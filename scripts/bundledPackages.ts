import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * A Vite plugin that records which npm packages a build bundled into its output (the renderer's React,
 * Dexie…, which are devDependencies and so absent from the installed node_modules). The licence list
 * (scripts/thirdPartyLicences.mjs) reads these records, so it names everything the app ships.
 */
export function bundledPackages(recordFile: string): Plugin {
  return {
    name: 'leave-desk-bundled-packages',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const names = new Set<string>()
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        for (const id of output.moduleIds) {
          const name = packageNameOf(id)
          if (name) names.add(name)
        }
      }
      await mkdir(path.dirname(recordFile), { recursive: true })
      await writeFile(recordFile, `${JSON.stringify([...names].sort(), null, 2)}\n`)
    }
  }
}

/** The package a module file belongs to: the last `node_modules/<name>` (or `@scope/name`) in its path. */
export function packageNameOf(moduleId: string): string | null {
  const parts = moduleId.replace(/\\/g, '/').replace(/^\0/, '').split('/')
  const at = parts.lastIndexOf('node_modules')
  if (at < 0) return null
  const first = parts[at + 1]
  if (!first) return null
  if (!first.startsWith('@')) return first
  const second = parts[at + 2]
  return second ? `${first}/${second}` : null
}
